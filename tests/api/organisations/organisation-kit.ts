import type { FastifyInstance } from 'fastify';
import type { OrganisationRole } from '@/shared/schemas/organisation';
import { getAs, postJson } from '@tests/support/api-calls';
import { signUp } from '@tests/support/test-app';

/** Creates a shared organisation as the signed-in person and makes it their session's active one; answers its id. */
export async function createActiveOrganisation(app: FastifyInstance, cookie: string, name = 'Acme Carbon GmbH'): Promise<number> {
  const created = await postJson(app, '/api/organisations', { name, legalName: `${name} (legal)`, country: 'DE' }, cookie);
  if (created.statusCode !== 201) throw new Error(`create organisation failed: ${created.statusCode} ${created.body}`);
  const id = (created.json() as { id: number }).id;
  await activate(app, cookie, id);
  return id;
}

export async function activate(app: FastifyInstance, cookie: string, organisationId: number): Promise<void> {
  const response = await postJson(app, `/api/organisations/${organisationId}/activate`, {}, cookie);
  if (response.statusCode !== 200) throw new Error(`activate failed: ${response.statusCode} ${response.body}`);
}

export async function invite(app: FastifyInstance, ownerCookie: string, email: string, role: OrganisationRole): Promise<{ id: number; token: string }> {
  const response = await postJson(app, '/api/organisation/invites', { email, role }, ownerCookie);
  if (response.statusCode !== 201) throw new Error(`invite failed: ${response.statusCode} ${response.body}`);
  return response.json() as { id: number; token: string };
}

/** A new person invited with `role` who accepted and acts for the owner's active organisation. */
export async function memberWithRole(app: FastifyInstance, ownerCookie: string, organisationId: number, role: OrganisationRole) {
  const person = await signUp(app, { firstName: `A ${role}` });
  const { token } = await invite(app, ownerCookie, person.email, role);
  const accepted = await postJson(app, `/api/invites/${token}/accept`, {}, person.cookie);
  if (accepted.statusCode !== 200) throw new Error(`accept failed: ${accepted.statusCode} ${accepted.body}`);
  await activate(app, person.cookie, organisationId);
  return person;
}

export async function myOrganisations(app: FastifyInstance, cookie: string) {
  return (await getAs(app, '/api/organisations', cookie)).json() as Array<{ id: number; name: string; role: OrganisationRole; active: boolean; personal: boolean }>;
}
