import type { FastifyRequest } from 'fastify';
import type { AuditActor } from '@/domain/audit/audit-chain';
import type { ActingIds } from './acting-account';
import { requestApiKey } from './request-api-key';

/** Longest user agent kept in the audit log: enough to tell browsers and clients apart, not a place to store data. */
const MAX_USER_AGENT_LENGTH = 512;

/** Who acts in this request and from where, for the audit log: person, organisation, request id, IP, agent, API key. */
export function requestActor(request: FastifyRequest, acting: Pick<ActingIds, 'personId' | 'accountId'> | null): AuditActor {
  const agent = request.headers['user-agent'];
  return {
    personId: acting?.personId ?? null,
    accountId: acting?.accountId ?? null,
    requestId: String(request.id),
    ip: request.ip ?? null,
    userAgent: typeof agent === 'string' ? agent.slice(0, MAX_USER_AGENT_LENGTH) : null,
    apiKeyId: requestApiKey(request)?.id ?? null,
  };
}
