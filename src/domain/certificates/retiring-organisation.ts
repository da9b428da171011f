/** The retiring account's organisation, as the certificate rule needs it. */
export interface RetiringOrganisation {
  name: string;
  legalName: string | null;
  memberCount: number;
}

/**
 * The organisation a certificate names as the one that retired ("retired by <organisation> on behalf of
 * <beneficiary>"), or null. An organisation with a legal name or more than one member is named, by its legal name when
 * it has one; a person's organisation of one without a legal name is not, so that its certificates read as they did
 * before organisations existed. Null when the account has no organisation profile.
 */
export function retiringOrganisationName(organisation: RetiringOrganisation | null | undefined): string | null {
  if (!organisation) return null;
  const legalName = organisation.legalName?.trim() || null;
  if (!legalName && organisation.memberCount <= 1) return null;
  return legalName ?? (organisation.name.trim() || null);
}
