import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse } from '@/shared/schemas/common';
import { RETURN_TO_PARAM, safeReturnPath } from '@/shared/return-path';
import { loginBody, registerBody, user as userSchema } from '@/shared/schemas/auth';
import { loginSecondFactorBody, secondFactorRequired } from '@/shared/schemas/account-security';
import { formatCents } from '@/domain/money';
import type { AppDeps } from '@/server/app-deps';
import { registerAccount } from '@/server/auth/accounts';
import { finishSecondFactor, signIn, startSecondFactor } from '@/server/auth/sign-in';
import { createSession, deleteSession, SESSION_COOKIE, type SessionUser } from '@/server/auth/sessions';
import { forgetSession, requirePerson, requireUser } from '@/server/auth/current-user';

export const toUser = (account: SessionUser) => ({
  id: account.id,
  email: account.email,
  firstName: account.firstName,
  companyName: account.companyName,
  profileImageUrl: account.profileImageUrl,
  cashBalance: formatCents(account.cashCents),
});

export function authRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { db, config, clock } = deps;

  // A fresh random session id at every sign-in: a token planted before sign-in is never promoted.
  // Secure unless configured otherwise when the site is served over https: PUBLIC_ORIGIN says so, or the request
  // arrived over TLS (directly, or as a trusted proxy's X-Forwarded-Proto says).
  const publicHttps = config.publicOrigin?.startsWith('https:') ?? false;
  async function startSession(request: FastifyRequest, reply: FastifyReply, userId: number) {
    const userAgent = request.headers['user-agent'];
    const token = await createSession(db, userId, config.sessionTtlMs, clock(), { userAgent, ipAddress: request.ip });
    reply.setCookie(SESSION_COOKIE, token, {
      path: '/', httpOnly: true, sameSite: 'lax', secure: config.cookieSecure ?? (publicHttps || request.protocol === 'https'),
      maxAge: Math.floor(config.sessionTtlMs / 1000),
    });
  }

  async function endSession(token: string | undefined) {
    if (!token) return;
    forgetSession(token);
    await deleteSession(db, token);
  }

  return async (app) => {
    const rateLimit = { max: config.loginRateLimitPerMinute, timeWindow: '1 minute' };

    const redirect = (description: string) => ({ tags: ['auth'], description, response: { 302: z.undefined() } });

    // `returnTo` carries the screen the user was on; one that is not a local client route is dropped, not refused.
    app.get('/login', {
      schema: {
        ...redirect('The Sign In link: redirects to the sign-in page, /signin, keeping `returnTo` (a path of this app to come back to after signing in).'),
        querystring: z.object({ [RETURN_TO_PARAM]: z.string().max(4096).optional() }),
      },
    }, async (request, reply) => {
      const returnTo = safeReturnPath(request.query[RETURN_TO_PARAM]);
      return reply.redirect(returnTo ? `/signin?${RETURN_TO_PARAM}=${encodeURIComponent(returnTo)}` : '/signin');
    });

    // SPEC's logout link. A page on another site could send the user here (the Lax cookie goes along on a top-level
    // navigation), so a request the browser marks as coming from elsewhere changes nothing.
    app.get('/logout', { schema: redirect('The logout link: ends the session (unless another site sent the browser here) and redirects to /.') }, async (request, reply) => {
      if (isSameOriginNavigation(request.headers['sec-fetch-site'])) {
        await endSession(request.cookies[SESSION_COOKIE]);
        reply.clearCookie(SESSION_COOKIE, { path: '/' });
      }
      return reply.redirect('/');
    });

    // The UI's logout: a POST, which the request guard accepts only from our own origin.
    app.post('/auth/logout', { schema: { tags: ['auth'], response: { 204: z.undefined() } } }, async (request, reply) => {
      await endSession(request.cookies[SESSION_COOKIE]);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      // No payload at all: `null` would be serialised to a JSON body, which a 204 must not have.
      return reply.status(204).send();
    });

    app.post('/auth/register', {
      config: { rateLimit },
      schema: { tags: ['auth'], body: registerBody, response: { 201: userSchema, 400: errorResponse, 409: errorResponse } },
    }, async (request, reply) => {
      const account = await registerAccount(db, request.body, config.demoCashCents);
      await startSession(request, reply, account.id);
      return reply.status(201).send(toUser(account));
    });

    app.post('/auth/login', {
      config: { rateLimit },
      // Its 401 is a wrong e-mail or password: signing in needs no session (one sent is ended). An account with
      // two-factor sign-in gets 202 and a challenge instead of a session: the code goes to /auth/login/two-factor.
      schema: {
        tags: ['auth'], body: loginBody, security: [{}, { cookieAuth: [] }],
        response: {
          200: userSchema, 202: secondFactorRequired.describe('The password was right; the account wants a code from its authenticator app'),
          400: errorResponse, 401: errorResponse.describe('Wrong e-mail or password'), 429: errorResponse,
        },
      },
    }, async (request, reply) => {
      const account = await signIn(db, request.body, config.signInFailureLimit, clock());
      await endSession(request.cookies[SESSION_COOKIE]);
      if (account.totpEnabledAt) {
        const { challenge, expiresAt } = await startSecondFactor(db, account.id, clock());
        return reply.status(202).send({
          twoFactorRequired: true as const, challenge, expiresAt: expiresAt.toISOString(),
          message: 'Enter the 6-digit code from your authenticator app',
        });
      }
      await startSession(request, reply, account.id);
      return toUser(account);
    });

    app.post('/auth/login/two-factor', {
      config: { rateLimit },
      schema: {
        tags: ['auth'], body: loginSecondFactorBody, security: [{}, { cookieAuth: [] }],
        description: 'The second step of signing in to an account with two-factor sign-in: the challenge of the 202 answer and a current code (or a recovery code).',
        response: {
          200: userSchema, 400: errorResponse.describe('Wrong or reused code'), 401: errorResponse.describe('Unknown or expired challenge'), 429: errorResponse,
        },
      },
    }, async (request, reply) => {
      const account = await finishSecondFactor(db, deps.webhookSecrets, request.body, config.signInFailureLimit, clock());
      await endSession(request.cookies[SESSION_COOKIE]);
      await startSession(request, reply, account.id);
      return toUser(account);
    });

    app.get('/auth/user', {
      schema: { tags: ['auth'], response: { 200: userSchema, 401: errorResponse } },
    }, async (request) => {
      // The person, with the cash of the organisation they are acting for (their own account's when personal).
      const person = await requirePerson(request, db, clock());
      const account = await requireUser(request, db, clock());
      return { ...toUser(person), cashBalance: formatCents(account.cashCents) };
    });
  };
}

/** Sec-Fetch-Site says where a request comes from; old browsers send none, and a typed or bookmarked URL is `none`. */
function isSameOriginNavigation(fetchSite: string | string[] | undefined): boolean {
  return fetchSite === undefined || fetchSite === 'same-origin' || fetchSite === 'none';
}
