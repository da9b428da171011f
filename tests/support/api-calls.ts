import type { FastifyInstance, InjectOptions } from 'fastify';
import type { PurchaseResponse } from '@/shared/schemas/credit';
import type { Project } from '@/shared/schemas/project';

/**
 * Sign-up shares the login rate limit; the suites create many accounts from one address, so they raise it.
 * The rate-limit test builds its own app with a small limit.
 */
export const ROOMY_RATE_LIMIT = { loginRateLimitPerMinute: 100_000 };

export function postJson(app: FastifyInstance, url: string, payload: unknown, cookie?: string, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url,
    payload: payload as InjectOptions['payload'],
    headers: { ...(cookie ? { cookie } : {}), ...headers },
  });
}

export function getAs(app: FastifyInstance, url: string, cookie?: string) {
  return app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
}

/** A request as a named client (its user agent is what the audit log records of it). */
export const requestAs = (app: FastifyInstance, userAgent: string) =>
  (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, cookie: string, payload?: object) =>
    app.inject({ method, url, headers: { cookie, 'user-agent': userAgent }, ...(payload ? { payload } : {}) });

export async function listProjects(app: FastifyInstance): Promise<Project[]> {
  return (await getAs(app, '/api/projects')).json() as Project[];
}

export async function findProject(app: FastifyInstance, name: string): Promise<Project> {
  const found = (await listProjects(app)).find((project) => project.name === name);
  if (!found) throw new Error(`seed project "${name}" is missing`);
  return found;
}

/** Buys `quantity` credits of the project at its list price; anything but 201 fails the calling test. */
export async function buyCredits(app: FastifyInstance, cookie: string, project: Project, quantity: number, extra: Record<string, unknown> = {}) {
  const response = await postJson(app, '/api/credits/purchase', { projectId: project.id, quantity, pricePerCredit: project.pricePerCredit, ...extra }, cookie);
  if (response.statusCode !== 201) throw new Error(`purchase failed: ${response.statusCode} ${response.body}`);
  return response.json() as PurchaseResponse;
}
