import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { openApiPath, toJsonSchema, type OpenApiDocument } from './openapi-schema';

// ajv-formats is CommonJS: its default export arrives wrapped under ESM.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule);

/** One response as it left the server. */
export interface SentResponse {
  method: string;
  /** The route's pattern (`/api/projects/:id`), not the requested URL. */
  routeUrl: string;
  url: string;
  status: number;
  contentType: string | undefined;
  /** Content-Encoding, when the body is compressed (br or gzip). */
  contentEncoding?: string;
  /** The body when it is text or bytes; undefined for a stream, an event stream or no body. */
  body: string | Buffer | undefined;
  /** True when the body was not seen (a stream, an event stream, a HEAD answer). */
  bodyUnseen: boolean;
}

/** Routes served outside the document on purpose: the documentation UI itself and the client's files. */
export function isDocumentedRoute(routeUrl: string | undefined): routeUrl is string {
  if (routeUrl === undefined) return false;
  if (routeUrl === '/api/docs' || routeUrl.startsWith('/api/docs/')) return false;
  return routeUrl.startsWith('/api/') || ['/rpc', '/healthz', '/readyz', '/metrics'].includes(routeUrl);
}

const mediaTypeOf = (contentType: string | undefined) => contentType?.split(';')[0].trim().toLowerCase() || undefined;
const isJson = (mediaType: string) => mediaType === 'application/json' || mediaType.endsWith('+json');

/**
 * Checks responses against an OpenAPI 3.0 document: the route and method are in it, the status is declared for them,
 * the content type is one the status declares (none when it declares no content), and a JSON body validates against
 * the declared schema. Returns the problem as a sentence, or null.
 */
export class OpenApiResponseChecker {
  private readonly ajv = new Ajv({ strict: false, allErrors: true, validateFormats: true });
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(readonly document: OpenApiDocument) {
    addFormats(this.ajv);
  }

  check(response: SentResponse): string | null {
    const path = openApiPath(response.routeUrl);
    const method = response.method === 'HEAD' ? 'get' : response.method.toLowerCase();
    const operation = this.document.paths[path]?.[method];
    const where = `${response.method} ${response.url} (route ${method.toUpperCase()} ${path}) → ${response.status}`;
    if (!operation) return `${where}: the route is not in the document`;
    const status = String(response.status);
    const declared = operation.responses[status] ?? operation.responses[`${status[0]}XX`] ?? operation.responses.default;
    if (!declared) return `${where}: status ${status} is not declared (declared: ${Object.keys(operation.responses).join(', ')})`;
    const mediaTypes = Object.keys(declared.content ?? {});
    const mediaType = mediaTypeOf(response.contentType);
    const bodyLength = response.body === undefined ? 0 : response.body.length;
    if (mediaTypes.length === 0) {
      return mediaType !== undefined || bodyLength > 0 ? `${where}: declares no content, got ${mediaType ?? 'no content type'} (${bodyLength} bytes)` : null;
    }
    if (mediaType === undefined) return `${where}: no content type (declared: ${mediaTypes.join(', ')})`;
    const match = mediaTypes.find((declaredType) => declaredType === mediaType || declaredType === '*/*' || (declaredType.endsWith('/*') && mediaType.startsWith(declaredType.slice(0, -1))));
    if (!match) return `${where}: content type ${mediaType} is not declared (declared: ${mediaTypes.join(', ')})`;
    if (response.bodyUnseen || response.method === 'HEAD' || !isJson(mediaType)) return null;
    let value: unknown;
    try {
      value = JSON.parse(decoded(response).toString());
    } catch {
      return `${where}: the ${mediaType} body is not JSON: ${response.body?.toString().slice(0, 200)}`;
    }
    const validate = this.validator(`${path} ${method} ${status} ${match}`, declared.content![match].schema);
    if (validate(value)) return null;
    const errors = (validate.errors ?? []).slice(0, 5).map((error) => `${error.instancePath || '(body)'} ${error.message}`).join('; ');
    return `${where}: the body does not match the declared schema: ${errors}; body ${JSON.stringify(value).slice(0, 300)}`;
  }

  private validator(key: string, schema: unknown): ValidateFunction {
    let validate = this.validators.get(key);
    if (!validate) this.validators.set(key, (validate = this.ajv.compile(toJsonSchema(schema ?? {}, this.document) as object)));
    return validate;
  }
}

/** The body as the client reads it: decompressed when sent with Content-Encoding. */
function decoded(response: SentResponse): Buffer {
  const bytes = Buffer.from(response.body ?? '');
  if (response.contentEncoding === 'br') return brotliDecompressSync(bytes);
  if (response.contentEncoding === 'gzip') return gunzipSync(bytes);
  return bytes;
}
