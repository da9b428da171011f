import { canGrantRole, type Role } from './roles';

/** The facts a change to a member needs: who asks, the member's role now, and how many owners there are. */
export interface MemberChange {
  actorRole: Role;
  targetRole: Role;
  ownerCount: number;
}

/**
 * Why a member's role may not become `newRole`, or null when it may: an admin neither makes nor touches owners,
 * and the last owner stays an owner (an organisation always has someone who can do everything).
 */
export function roleChangeRefusal(change: MemberChange, newRole: Role): string | null {
  if (!canGrantRole(change.actorRole, newRole)) return `An ${change.actorRole} cannot make someone ${newRole === 'owner' ? 'an' : 'a'} ${newRole}`;
  if (change.targetRole === 'owner' && change.actorRole !== 'owner') return 'Only an owner can change an owner’s role';
  if (change.targetRole === 'owner' && newRole !== 'owner' && change.ownerCount <= 1) return 'The last owner cannot be demoted: make someone else an owner first';
  return null;
}

/** Why a member may not be removed, or null when they may. */
export function removalRefusal(change: MemberChange): string | null {
  if (change.targetRole === 'owner' && change.actorRole !== 'owner') return 'Only an owner can remove an owner';
  if (change.targetRole === 'owner' && change.ownerCount <= 1) return 'The last owner cannot be removed: make someone else an owner first';
  return null;
}

/** Why an invite may not be accepted, or null: it is single-use, expires, can be revoked, and names one e-mail. */
export function inviteRefusal(invite: { email: string; expiresAt: Date; acceptedAt: Date | null; revokedAt: Date | null }, personEmail: string, now: Date): string | null {
  if (invite.acceptedAt) return 'This invite has already been used';
  if (invite.revokedAt) return 'This invite has been revoked';
  if (invite.expiresAt.getTime() <= now.getTime()) return 'This invite has expired: ask for a new one';
  if (invite.email.trim().toLowerCase() !== personEmail.trim().toLowerCase()) return `This invite is for ${invite.email}: sign in with that address to accept it`;
  return null;
}

/** How long an invite link stays valid. */
export const INVITE_TTL_MS = 7 * 24 * 60 * 60 * 1000;
