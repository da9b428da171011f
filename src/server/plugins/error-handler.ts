import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AmmError, EmptyPoolError, NonPositiveAmountError } from '@/domain/amm/amm-error';
import { DomainError, RateLimitedError } from '@/domain/errors';
import { InvalidAmountError } from '@/domain/money';

const STATUS_BY_KIND: Record<DomainError['kind'], number> = {
  validation: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  refused: 422,
  rate_limited: 429,
};

/** Maps every error to `{ message }` with one status rule; anything unexpected is a logged, generic 500. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const message = error.validation.map((issue) => describeIssue(issue.instancePath, issue.message ?? "is invalid")).join('; ');
      return reply.status(400).send({ message });
    }
    if (error instanceof RateLimitedError) reply.header('retry-after', String(error.retryAfterSeconds));
    if (error instanceof DomainError) return reply.status(STATUS_BY_KIND[error.kind]).send({ message: error.message });
    if (error instanceof InvalidAmountError) return reply.status(400).send({ message: error.message });
    if (error instanceof AmmError) return reply.status(ammStatus(error)).send({ message: error.message });
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return reply.status(status).send({ message: clientMessage(error) });
    request.log.error({ err: error, requestId: request.id }, 'unhandled error');
    return reply.status(500).send({ message: `Internal server error (request ${request.id})` });
  });
}

/** AMM refusals: an emptied pool is a state conflict (409), a bad amount is bad input (400), the rest are rule refusals (422). */
function ammStatus(error: AmmError): number {
  if (error instanceof EmptyPoolError) return 409;
  return error instanceof NonPositiveAmountError ? 400 : 422;
}

function describeIssue(path: string, message: string): string {
  const field = path.replace(/^\//, '').replaceAll('/', '.');
  return field && !message.toLowerCase().includes(field.toLowerCase()) ? `${field}: ${message}` : message;
}

function clientMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE': return 'Unsupported content type: send application/json';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY': return 'Request body is empty: send a JSON object';
    case 'FST_ERR_CTP_BODY_TOO_LARGE': return 'Request body is too large';
    default: return error.message.startsWith('Unexpected') || error.message.includes('JSON') ? `Malformed JSON: ${error.message}` : error.message;
  }
}
