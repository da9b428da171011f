import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, SIGN_UP_PASSWORD, type TestApp } from '@tests/support/test-app';
import { ROOMY_RATE_LIMIT } from '@tests/support/api-calls';

// Finding 2: the 500 of a failed sign-up logged the SQL parameters (the scrypt hash and the e-mail).
let t: TestApp;
const lines: string[] = [];
const logged = () => lines.join('');
beforeAll(async () => {
  t = await createTestApp({ ...ROOMY_RATE_LIMIT, logLevel: 'info' }, { logDestination: { write: (line) => { lines.push(line); } } });
  // A database-side refusal the schema does not know about: the insert of the account fails inside the database.
  await t.deps.db.execute(sql`alter table users add constraint no_boom check (first_name <> 'Boom')`);
});
afterAll(async () => { await t?.close(); });

describe('the log of a failed query', () => {
  it('names the query and the constraint but never the parameters, the password or its hash', async () => {
    lines.length = 0;
    const email = 'secret.person@example.com';
    const response = await t.app.inject({
      method: 'POST', url: '/api/auth/register', payload: { email, password: SIGN_UP_PASSWORD, firstName: 'Boom' },
      headers: { cookie: 'sid=cookie-value-123' },
    });
    expect(response.statusCode).toBe(500);
    // A bearer token is an API key (issue 14): an unknown one is refused before the route, and not logged either.
    const bearer = await t.app.inject({ method: 'GET', url: '/api/credits/my', headers: { authorization: 'Bearer token-value-456' } });
    expect(bearer.statusCode).toBe(401);
    expect(response.json().message).toMatch(/^Internal server error \(request .+\)$/);
    const errorLine = lines.map((line) => JSON.parse(line)).find((entry) => entry.msg === 'unhandled error');
    expect(errorLine?.err.message).toMatch(/^Failed query: insert into "users"/);
    expect(errorLine?.err.cause.constraint ?? errorLine?.err.cause.message).toMatch(/no_boom/);
    for (const secret of [email, 'secret.person', 'scrypt$', SIGN_UP_PASSWORD, 'params:', 'cookie-value-123', 'token-value-456']) {
      expect(logged(), `the log holds ${secret}`).not.toContain(secret);
    }
  });
});

describe('the redaction list', () => {
  it('hides cookies, authorization headers, auth bodies and SQL parameters wherever a log call includes them', () => {
    lines.length = 0;
    t.app.log.info({
      req: { headers: { cookie: 'sid=abc-cookie', authorization: 'Bearer abc-token', 'x-api-key': 'abc-key' }, body: { email: 'x@abc.example', password: 'abc-password' } },
      res: { headers: { 'set-cookie': 'sid=abc-set' } },
      body: { email: 'y@abc.example', password: 'abc-password-2' },
      err: { params: ['abc-param'] },
    }, 'request detail');
    const entry = JSON.parse(lines.at(-1)!);
    expect(entry.msg).toBe('request detail');
    expect(logged()).not.toMatch(/abc-|@abc\.example/);
    expect(entry.body).toBe('[redacted]');
  });
});
