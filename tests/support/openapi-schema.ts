/** An OpenAPI 3.0 document as far as the response check reads it. */
export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, unknown> };
}

export interface OpenApiOperation {
  responses: Record<string, { description: string; content?: Record<string, { schema?: unknown }> }>;
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string; required?: boolean; schema?: unknown }[];
  requestBody?: unknown;
}

type Schema = Record<string, unknown>;

const MAX_REF_DEPTH = 32;

/**
 * An OpenAPI 3.0 schema object as JSON Schema draft-07, which ajv checks: `nullable: true` becomes a `null` type (and
 * a `null` in an enum), a boolean `exclusiveMinimum`/`exclusiveMaximum` the numeric form, `$ref`s into the document's
 * components are inlined, and `format: binary` (a file, not text) is dropped.
 */
export function toJsonSchema(schema: unknown, document: OpenApiDocument, depth = 0): unknown {
  if (Array.isArray(schema) || schema === null || typeof schema !== 'object') return schema;
  const source = schema as Schema;
  if (typeof source.$ref === 'string') {
    if (depth > MAX_REF_DEPTH) throw new Error(`$ref nested too deep: ${source.$ref}`);
    return toJsonSchema(resolveRef(source.$ref, document), document, depth + 1);
  }
  const result: Schema = {};
  for (const [key, value] of Object.entries(source)) {
    if (key === 'properties' || key === 'patternProperties') {
      result[key] = Object.fromEntries(Object.entries(value as Schema).map(([name, child]) => [name, toJsonSchema(child, document, depth)]));
    } else if (key === 'items' || key === 'additionalProperties' || key === 'not') {
      result[key] = toJsonSchema(value, document, depth);
    } else if (key === 'allOf' || key === 'anyOf' || key === 'oneOf') {
      result[key] = (value as unknown[]).map((child) => toJsonSchema(child, document, depth));
    } else if (key !== 'nullable' && key !== 'example' && key !== 'discriminator' && key !== 'xml' && key !== 'externalDocs') {
      result[key] = value;
    }
  }
  if (result.format === 'binary') delete result.format;
  for (const [flag, bound] of [['exclusiveMinimum', 'minimum'], ['exclusiveMaximum', 'maximum']] as const) {
    if (result[flag] === true) {
      result[flag] = result[bound];
      delete result[bound];
    } else if (result[flag] === false) {
      delete result[flag];
    }
  }
  return source.nullable === true ? allowNull(result) : result;
}

function allowNull(schema: Schema): Schema {
  const withNull = { ...schema };
  if (Array.isArray(withNull.enum) && !withNull.enum.includes(null)) withNull.enum = [...withNull.enum, null];
  if (typeof withNull.type === 'string') return { ...withNull, type: [withNull.type, 'null'] };
  if (Array.isArray(withNull.type)) return { ...withNull, type: [...new Set([...withNull.type, 'null'])] };
  return { anyOf: [withNull, { type: 'null' }] };
}

function resolveRef(ref: string, document: OpenApiDocument): unknown {
  if (!ref.startsWith('#/')) throw new Error(`Only local $refs are supported: ${ref}`);
  let node: unknown = document;
  for (const part of ref.slice(2).split('/')) {
    node = (node as Record<string, unknown> | undefined)?.[part.replaceAll('~1', '/').replaceAll('~0', '~')];
  }
  if (node === undefined) throw new Error(`Unresolvable $ref ${ref}`);
  return node;
}

/** `/api/credits/:creditId/retire` → `/api/credits/{creditId}/retire`, as @fastify/swagger writes paths. */
export function openApiPath(routeUrl: string): string {
  return routeUrl.replace(/:(\w+)/g, '{$1}');
}
