import type { FastifyInstance } from 'fastify';
import { neededPermissions, routeRule } from '@/domain/organisations/route-rules';
import { refusalMessage, roleAllows } from '@/domain/organisations/roles';
import type { Database } from '@/server/db/client';
import { currentActing } from '@/server/auth/current-user';
import { isApiRoute } from './is-api-route';

/**
 * The one guard of organisation roles: each matched /api route's rule (domain/organisations/route-rules.ts) against
 * the caller's role in the active organisation. A route without a rule is refused; a signed-out caller passes on to
 * the route, which answers 401. An organisation that requires two-factor sign-in refuses members without it on every
 * organisation route (enrolling and signing out are the person's own routes).
 */
export function registerOrganisationAccess(app: FastifyInstance, deps: { db: Database; clock: () => Date }): void {
  // After parsing (buying and retiring in one step needs the retire permission too, which only the body tells) and
  // before validation, so that a role without the permission is told so whatever it sent.
  app.addHook('preValidation', async (request, reply) => {
    if (!isApiRoute(request)) return;
    const rule = routeRule(request.method, request.routeOptions.url ?? '');
    if (!rule) return reply.status(403).send({ message: `${request.method} ${request.routeOptions.url} has no access rule` });
    const needed = neededPermissions(rule, request.body);
    if (needed === 'public' || needed === 'person') return;
    const acting = await currentActing(request, deps.db, deps.clock());
    if (!acting) return;
    if (acting.needsTwoFactor) {
      return reply.status(403).send({ message: 'This organisation requires two-factor sign-in: enrol under Account → Two-factor sign-in first' });
    }
    if (!roleAllows(acting.role, needed)) return reply.status(403).send({ message: refusalMessage(acting.role, needed) });
  });
}
