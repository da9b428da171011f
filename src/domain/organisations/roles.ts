/** The roles a member of an organisation can have, most powerful first. */
export const ROLES = ['owner', 'admin', 'trader', 'retirer', 'approver', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

/** What a role may do in its organisation; every organisation route needs one of these (see route-rules.ts). */
export const PERMISSIONS = ['read', 'trade', 'retire', 'approve', 'manage_members', 'manage_keys', 'manage_organisation', 'read_audit', 'own'] as const;
export type Permission = (typeof PERMISSIONS)[number];

/**
 * Role → permissions: the one table that decides what a member may do. Everyone reads; `viewer` only reads.
 * `admin` manages members, invites, keys, webhooks and the organisation's policies; owners, admins and approvers
 * read the audit log (`read_audit`); `owner` can do everything,
 * including deleting or handing over the organisation.
 */
export const ROLE_PERMISSIONS: Readonly<Record<Role, ReadonlySet<Permission>>> = {
  owner: new Set(PERMISSIONS),
  admin: new Set(['read', 'manage_members', 'manage_keys', 'manage_organisation', 'read_audit']),
  trader: new Set(['read', 'trade']),
  retirer: new Set(['read', 'retire']),
  approver: new Set(['read', 'approve', 'read_audit']),
  viewer: new Set(['read']),
};

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

/** True when `role` grants every permission in `needed`. */
export function roleAllows(role: Role, needed: readonly Permission[]): boolean {
  return needed.every((permission) => ROLE_PERMISSIONS[role].has(permission));
}

const PERMISSION_WORDS: Record<Permission, string> = {
  read: 'read this organisation’s data',
  trade: 'trade (buy, orders, swaps, pools, quotes)',
  retire: 'retire credits',
  approve: 'approve requests',
  manage_members: 'manage members and invites',
  manage_keys: 'manage API keys and webhooks',
  manage_organisation: 'change the organisation’s settings',
  read_audit: 'read the organisation’s audit log',
  own: 'act as the organisation’s owner',
};

/** The 403 message for a member whose role lacks a permission: it names the role and what it cannot do. */
export function refusalMessage(role: Role, needed: readonly Permission[]): string {
  const missing = needed.filter((permission) => !ROLE_PERMISSIONS[role].has(permission));
  return `Your role in this organisation (${role}) cannot ${missing.map((permission) => PERMISSION_WORDS[permission]).join(' or ')}`;
}

/** The roles a member holding `role` may hand out: an admin may not make owners. */
export function canGrantRole(granter: Role, granted: Role): boolean {
  if (granter === 'owner') return true;
  return granter === 'admin' && granted !== 'owner';
}
