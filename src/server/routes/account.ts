import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '@/shared/schemas/common';
import {
  accountSession, recoveryCodesAnswer, secondFactorBody, sessionIdParam, twoFactorSetup, twoFactorStatus,
} from '@/shared/schemas/account-security';
import type { AppDeps } from '@/server/app-deps';
import { forgetSession, forgetUserSessions, requirePerson } from '@/server/auth/current-user';
import { listSessions, revokeOtherSessions, revokeSession, SESSION_COOKIE } from '@/server/auth/sessions';
import { requestActor } from '@/server/auth/request-actor';
import { disableTwoFactor, enableTwoFactor, regenerateRecoveryCodes, startTwoFactorSetup, twoFactorStatus as readTwoFactorStatus } from '@/server/auth/two-factor';

const tags = ['account'];
const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse, 429: errorResponse };

/**
 * The Security screen's calls: two-factor sign-in (TOTP) and the account's sessions. Browser sessions only
 * (api-key-scopes.ts): a key can neither read nor change how its owner signs in.
 */
export function accountRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db, clock } = deps;
  const sealer = deps.webhookSecrets;
  // Turning it on or off, or replacing the codes, proves a current code: limited like sign-in, per client.
  const rateLimit = { max: deps.config.loginRateLimitPerMinute, timeWindow: '1 minute' };
  // How a person signs in is theirs, not an organisation's: logged in their personal organisation's log.
  const personActor = (request: Parameters<typeof requestActor>[0], personId: number) => requestActor(request, { personId, accountId: personId });
  return async (app) => {
    app.get('/account/two-factor', { schema: { tags, response: { 200: twoFactorStatus, ...errors } } }, async (request) =>
      readTwoFactorStatus(db, await requirePerson(request, db, clock())));

    app.post('/account/two-factor/setup', {
      schema: { tags, description: 'A new authenticator secret to enrol (its QR code and otpauth URI); confirmed by /enable.', response: { 200: twoFactorSetup, ...errors } },
    }, async (request) => startTwoFactorSetup(db, sealer, await requirePerson(request, db, clock())));

    app.post('/account/two-factor/enable', {
      config: { rateLimit },
      schema: { tags, body: secondFactorBody, description: 'Confirms the set-up with a current code; answers the ten recovery codes, shown once.', response: { 200: recoveryCodesAnswer, ...errors } },
    }, async (request) => {
      const user = await requirePerson(request, db, clock());
      return enableTwoFactor(db, sealer, user, request.body.code, clock(), personActor(request, user.id));
    });

    app.post('/account/two-factor/disable', {
      config: { rateLimit },
      schema: { tags, body: secondFactorBody, response: { 200: twoFactorStatus, ...errors } },
    }, async (request) => {
      const user = await requirePerson(request, db, clock());
      await disableTwoFactor(db, sealer, user, request.body.code, clock(), personActor(request, user.id));
      return { enabled: false, enabledAt: null, recoveryCodesLeft: 0 };
    });

    app.post('/account/two-factor/recovery-codes', {
      config: { rateLimit },
      schema: { tags, body: secondFactorBody, description: 'Ten new recovery codes (the old ones stop working), shown once.', response: { 200: recoveryCodesAnswer, ...errors } },
    }, async (request) => {
      const user = await requirePerson(request, db, clock());
      return regenerateRecoveryCodes(db, sealer, user, request.body.code, clock(), personActor(request, user.id));
    });

    app.get('/account/sessions', { schema: { tags, response: { 200: z.array(accountSession), ...errors } } }, async (request) => {
      const user = await requirePerson(request, db, clock());
      return listSessions(db, user.id, request.cookies[SESSION_COOKIE], clock());
    });

    app.delete('/account/sessions/:id', {
      schema: { tags, params: z.object({ id: sessionIdParam }), response: { 204: z.undefined(), ...errors } },
    }, async (request, reply) => {
      const user = await requirePerson(request, db, clock());
      const token = request.cookies[SESSION_COOKIE];
      const revoked = await revokeSession(db, user.id, request.params.id, personActor(request, user.id), clock());
      forgetUserSessions(user.id);
      if (revoked.wasCurrent(token)) {
        forgetSession(token!);
        reply.clearCookie(SESSION_COOKIE, { path: '/' });
      }
      return reply.status(204).send();
    });

    app.post('/account/sessions/sign-out-others', {
      schema: { tags, description: 'Ends every session of the account but this one.', response: { 200: z.object({ ended: z.number().int() }), ...errors } },
    }, async (request) => {
      const user = await requirePerson(request, db, clock());
      const ended = await revokeOtherSessions(db, user.id, request.cookies[SESSION_COOKIE], personActor(request, user.id), clock());
      forgetUserSessions(user.id);
      return { ended };
    });
  };
}
