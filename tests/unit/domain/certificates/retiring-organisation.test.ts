import { describe, expect, it } from 'vitest';
import { retiringOrganisationName } from '@/domain/certificates/retiring-organisation';

describe('retiringOrganisationName', () => {
  it.each([
    ['a person alone without a legal name', { name: 'Ada', legalName: null, memberCount: 1 }, null],
    ['an organisation of one with a blank legal name', { name: 'Solo', legalName: '  ', memberCount: 1 }, null],
    ['an organisation of one with a legal name', { name: 'Ada', legalName: 'Ada Consulting Ltd', memberCount: 1 }, 'Ada Consulting Ltd'],
    ['two members without a legal name', { name: 'Team', legalName: null, memberCount: 2 }, 'Team'],
    ['two members with a legal name', { name: 'Acme', legalName: ' Acme Carbon GmbH ', memberCount: 3 }, 'Acme Carbon GmbH'],
  ])('%s → %s', (_case, organisation, expected) => {
    expect(retiringOrganisationName(organisation)).toBe(expected);
  });

  it('names nobody for an account without an organisation profile', () => {
    expect(retiringOrganisationName(undefined)).toBeNull();
  });
});
