import { Ajv } from 'ajv';
import { toJsonSchema, type OpenApiDocument } from './openapi-schema';

/** The keywords of an OpenAPI 3.0 Schema Object: JSON Schema's subset plus OpenAPI's own. */
const SCHEMA_KEYWORDS = new Set([
  'title', 'multipleOf', 'maximum', 'exclusiveMaximum', 'minimum', 'exclusiveMinimum', 'maxLength', 'minLength', 'pattern',
  'maxItems', 'minItems', 'uniqueItems', 'maxProperties', 'minProperties', 'required', 'enum', 'type', 'allOf', 'oneOf', 'anyOf',
  'not', 'items', 'properties', 'additionalProperties', 'description', 'format', 'default', 'nullable', 'discriminator',
  'readOnly', 'writeOnly', 'xml', 'externalDocs', 'example', 'deprecated', '$ref',
]);
const TYPES = new Set(['string', 'number', 'integer', 'boolean', 'array', 'object']);
const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);
const PARAMETER_PLACES = new Set(['query', 'header', 'path', 'cookie']);
const STATUS = /^([1-5]\d\d|[1-5]XX|default)$/;

/**
 * The rules of OpenAPI 3.0.x that the official schema and swagger-parser / Redocly check and that a generated
 * document can break: the version and info, servers, each operation's responses (a description each, valid status
 * keys, a schema per media type), parameters (in, name, path parameters required and matching the template), security
 * requirements naming defined schemes, and schemas using only 3.0 keywords (no `const`, `examples`, type arrays…),
 * each of which ajv can compile. Returns the problems found, one sentence each.
 */
export function openApiProblems(document: OpenApiDocument & Record<string, unknown>): string[] {
  const problems: string[] = [];
  if (!/^3\.0\.\d+$/.test(String(document.openapi))) problems.push(`openapi is ${document.openapi}, not 3.0.x`);
  const info = document.info as { title?: unknown; version?: unknown } | undefined;
  if (typeof info?.title !== 'string' || typeof info.version !== 'string') problems.push('info needs a title and a version');
  const servers = document.servers as { url?: unknown }[] | undefined;
  if (!Array.isArray(servers) || servers.length === 0 || servers.some((server) => typeof server.url !== 'string')) problems.push('servers needs at least one entry with a url');
  const schemes = new Set(Object.keys((document.components as { securitySchemes?: object } | undefined)?.securitySchemes ?? {}));
  const ajv = new Ajv({ strict: false });
  for (const [path, item] of Object.entries(document.paths)) {
    if (!path.startsWith('/')) problems.push(`path ${path} does not start with /`);
    for (const [method, operation] of Object.entries(item)) {
      const where = `${method.toUpperCase()} ${path}`;
      if (!METHODS.has(method)) { problems.push(`${where}: ${method} is not an HTTP method of OpenAPI`); continue; }
      const templateNames = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
      const parameters = operation.parameters ?? [];
      for (const parameter of parameters) {
        if (!PARAMETER_PLACES.has(parameter.in) || typeof parameter.name !== 'string') problems.push(`${where}: parameter ${parameter.name} in ${parameter.in}`);
        if (parameter.in === 'path' && (parameter.required !== true || !templateNames.includes(parameter.name))) problems.push(`${where}: path parameter ${parameter.name} must be required and in the path`);
        checkSchema(parameter.schema, `${where} parameter ${parameter.name}`, problems);
      }
      for (const name of templateNames) {
        if (!parameters.some((parameter) => parameter.in === 'path' && parameter.name === name)) problems.push(`${where}: {${name}} has no path parameter`);
      }
      const body = operation.requestBody as { content?: Record<string, { schema?: unknown }> } | undefined;
      for (const [mediaType, media] of Object.entries(body?.content ?? {})) checkSchema(media.schema, `${where} request ${mediaType}`, problems);
      if (Object.keys(operation.responses ?? {}).length === 0) problems.push(`${where}: no responses`);
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        if (!STATUS.test(status)) problems.push(`${where}: response key ${status}`);
        if (typeof response.description !== 'string' || response.description === '') problems.push(`${where} ${status}: no description`);
        if ((status === '204' || status === '304') && response.content) problems.push(`${where} ${status}: a ${status} has no content`);
        for (const [mediaType, media] of Object.entries(response.content ?? {})) {
          if (!/^[\w.+-]+\/[\w.+*-]+$/.test(mediaType)) problems.push(`${where} ${status}: media type ${mediaType}`);
          checkSchema(media.schema, `${where} ${status} ${mediaType}`, problems);
          try { ajv.compile(toJsonSchema(media.schema ?? {}, document) as object); } catch (error) { problems.push(`${where} ${status} ${mediaType}: ${(error as Error).message}`); }
        }
      }
      for (const requirement of operation.security ?? []) {
        for (const [scheme, scopes] of Object.entries(requirement)) {
          if (!schemes.has(scheme)) problems.push(`${where}: security names the undefined scheme ${scheme}`);
          if (!Array.isArray(scopes) || scopes.length > 0) problems.push(`${where}: ${scheme} is not OAuth2: its scope list must be empty`);
        }
      }
    }
  }
  return problems;
}

function checkSchema(schema: unknown, where: string, problems: string[]): void {
  if (schema === undefined) return;
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) { problems.push(`${where}: the schema is not an object`); return; }
  const node = schema as Record<string, unknown>;
  for (const key of Object.keys(node)) {
    if (!SCHEMA_KEYWORDS.has(key) && !key.startsWith('x-')) problems.push(`${where}: ${key} is not an OpenAPI 3.0 schema keyword`);
  }
  if (node.type !== undefined && !(typeof node.type === 'string' && TYPES.has(node.type))) problems.push(`${where}: type ${JSON.stringify(node.type)} (3.0 has one type, no null)`);
  for (const flag of ['exclusiveMinimum', 'exclusiveMaximum', 'nullable', 'readOnly', 'writeOnly', 'uniqueItems']) {
    if (node[flag] !== undefined && typeof node[flag] !== 'boolean') problems.push(`${where}: ${flag} must be a boolean in 3.0`);
  }
  if (node.required !== undefined && (!Array.isArray(node.required) || node.required.length === 0)) problems.push(`${where}: required must be a non-empty array`);
  for (const [name, child] of Object.entries((node.properties ?? {}) as Record<string, unknown>)) checkSchema(child, `${where}.${name}`, problems);
  for (const key of ['items', 'not'] as const) if (node[key] !== undefined) checkSchema(node[key], `${where}/${key}`, problems);
  if (typeof node.additionalProperties === 'object') checkSchema(node.additionalProperties, `${where}/additionalProperties`, problems);
  for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
    if (node[key] !== undefined) (node[key] as unknown[]).forEach((child, index) => checkSchema(child, `${where}/${key}/${index}`, problems));
  }
}
