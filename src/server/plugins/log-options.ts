import type { FastifyServerOptions } from 'fastify';

/** Where the log goes: stdout by default; tests pass a stream to read what was logged. */
export interface LogDestination {
  write(line: string): void;
}

/**
 * Paths pino replaces with "[redacted]" wherever a log call would include them: credentials in headers, the
 * bodies of the auth routes (passwords, e-mails) and any SQL parameters. Fastify's own request log carries none of
 * these; the list guards every later `log.info({ req, body })` too.
 */
export const REDACTED_PATHS = [
  'req.headers.cookie', 'req.headers.authorization', 'req.headers["x-api-key"]', 'headers.cookie', 'headers.authorization',
  'res.headers["set-cookie"]', 'req.body', 'body', '*.password', '*.passwordHash', 'password', 'email', '*.email',
  'err.params', 'err.parameters', 'params', 'parameters',
];

/** Fastify's logger options: level, redaction and an error serializer that never writes a failed query's parameters. */
export function logOptions(level: string, destination?: LogDestination): NonNullable<Exclude<FastifyServerOptions['logger'], boolean>> {
  return {
    level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: { err: (error) => serializeError(error) },
    ...(destination ? { stream: destination } : {}),
  };
}

interface SerializedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
  code?: string;
  statusCode?: number;
  query?: string;
  constraint?: string;
  table?: string;
  column?: string;
  cause?: SerializedError;
}

/**
 * An error as the log shows it. A failed query (Drizzle's DrizzleQueryError) puts its parameters in its message and
 * stack, and the database's error may quote a value (`invalid input syntax for type integer: "…"`, or the
 * `detail` of a duplicate key): only the SQL text, the SQLSTATE, the constraint and the stack frames are kept.
 */
export function serializeError(error: unknown, depth = 0): SerializedError {
  if (!(error instanceof Error)) return { type: typeof error, message: '[not an Error]', stack: '' };
  const fields = error as Error & Record<string, unknown>;
  const isQuery = typeof fields.query === 'string' && 'params' in fields;
  const isDatabase = typeof fields.code === 'string' && /^[0-9A-Z]{5}$/.test(fields.code) && ('severity' in fields || 'routine' in fields);
  const message = isQuery ? `Failed query: ${fields.query}` : isDatabase ? withoutQuotedValue(error.message) : error.message;
  const serialized: SerializedError = { type: error.constructor?.name ?? error.name, message, stack: `${error.name}: ${message}\n${stackFrames(error)}` };
  for (const key of ['code', 'constraint', 'table', 'column'] as const) if (typeof fields[key] === 'string') serialized[key] = fields[key] as string;
  if (typeof fields.statusCode === 'number') serialized.statusCode = fields.statusCode;
  if (isQuery) serialized.query = fields.query as string;
  if (error.cause !== undefined && depth < 3) serialized.cause = serializeError(error.cause, depth + 1);
  return serialized;
}

/** Only the "    at …" lines: the first lines of a stack repeat the message, parameters included. */
const stackFrames = (error: Error) => (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line)).join('\n');

/** `invalid input syntax for type integer: "abc"` → `invalid input syntax for type integer`: the value is the user's. */
const withoutQuotedValue = (message: string) => message.replace(/: [\s\S]*$/, '');
