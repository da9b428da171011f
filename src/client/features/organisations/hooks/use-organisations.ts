import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreatedInvite, CreateInviteBody, CreateOrganisationBody, Invite, Member, Organisation, OrganisationRole, UpdateOrganisationBody,
} from '@/shared/schemas/organisation';
import { apiJson, apiRequest } from '@/client/lib/api';

const ORGANISATIONS = ['/api/organisations'] as const;
const ACTIVE = ['/api/organisation'] as const;
const MEMBERS = ['/api/organisation/members'] as const;
const INVITES = ['/api/organisation/invites'] as const;

/** The person's organisations; switching one re-reads everything, since every desk shows the active organisation. */
export function useOrganisations(enabled = true) {
  const queryClient = useQueryClient();
  const organisations = useQuery<Organisation[]>({ queryKey: [...ORGANISATIONS], enabled });
  const activate = useMutation({
    mutationFn: (id: number) => apiJson<Organisation>('POST', `/api/organisations/${id}/activate`),
    onSuccess: () => queryClient.invalidateQueries(),
  });
  const create = useMutation({
    mutationFn: (body: CreateOrganisationBody) => apiJson<Organisation>('POST', '/api/organisations', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...ORGANISATIONS] }),
  });
  return { organisations, activate, create };
}

/** The active organisation's profile, members and invites, and the changes an owner or admin can make. */
export function useActiveOrganisation() {
  const queryClient = useQueryClient();
  const refresh = (...keys: ReadonlyArray<readonly string[]>) => Promise.all(keys.map((key) => queryClient.invalidateQueries({ queryKey: [...key] })));
  const organisation = useQuery<Organisation>({ queryKey: [...ACTIVE] });
  const canManageMembers = organisation.data?.role === 'owner' || organisation.data?.role === 'admin';
  const members = useQuery<Member[]>({ queryKey: [...MEMBERS] });
  const invites = useQuery<Invite[]>({ queryKey: [...INVITES], enabled: canManageMembers && organisation.data?.personal === false });
  const update = useMutation({
    mutationFn: (body: UpdateOrganisationBody) => apiJson<Organisation>('PATCH', '/api/organisation', body),
    onSuccess: () => refresh(ACTIVE, ORGANISATIONS),
  });
  const changeRole = useMutation({
    mutationFn: ({ userId, role }: { userId: number; role: OrganisationRole }) => apiJson<Member>('PATCH', `/api/organisation/members/${userId}`, { role }),
    onSuccess: () => refresh(MEMBERS),
  });
  const setSpendLimit = useMutation({
    mutationFn: ({ userId, dailySpendLimitCents }: { userId: number; dailySpendLimitCents: number | null }) =>
      apiJson<Member>('PUT', `/api/organisation/members/${userId}/spend-limit`, { dailySpendLimitCents }),
    onSuccess: () => refresh(MEMBERS),
  });
  const removeMember = useMutation({
    mutationFn: (userId: number) => apiRequest('DELETE', `/api/organisation/members/${userId}`),
    onSuccess: () => refresh(MEMBERS),
  });
  const invite = useMutation({
    mutationFn: (body: CreateInviteBody) => apiJson<CreatedInvite>('POST', '/api/organisation/invites', body),
    onSuccess: () => refresh(INVITES),
  });
  const revokeInvite = useMutation({
    mutationFn: (id: number) => apiJson<Invite>('DELETE', `/api/organisation/invites/${id}`),
    onSuccess: () => refresh(INVITES),
  });
  return { organisation, canManageMembers, members, invites, update, changeRole, setSpendLimit, removeMember, invite, revokeInvite };
}
