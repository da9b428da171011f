import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AlertList, AlertRule, CreateAlertRuleBody } from '@/shared/schemas/alerts';
import { apiJson, apiRequest } from '@/client/lib/api';

const ALERTS = ['/api/alerts'] as const;
const RULES = ['/api/alerts/rules'] as const;
/** The bell looks for new alerts this often (the server evaluates rules right after each trade). */
const ALERTS_REFRESH_MS = 15_000;

/** The organisation's alerts (newest first) and unread count, refreshed in the background for the bell. */
export function useAlerts(enabled: boolean) {
  const queryClient = useQueryClient();
  const alerts = useQuery<AlertList>({ queryKey: [...ALERTS], enabled, refetchInterval: ALERTS_REFRESH_MS });
  const markRead = useMutation({
    mutationFn: (ids?: number[]) => apiJson<{ marked: number; unreadCount: number }>('POST', '/api/alerts/read', ids ? { ids } : {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...ALERTS] }),
  });
  return { alerts, markRead };
}

/** The organisation's alert rules and the calls that make and delete them. */
export function useAlertRules(enabled = true) {
  const queryClient = useQueryClient();
  const rules = useQuery<AlertRule[]>({ queryKey: [...RULES], enabled });
  const create = useMutation({
    mutationFn: (body: CreateAlertRuleBody) => apiJson<AlertRule>('POST', '/api/alerts/rules', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...RULES] }),
  });
  const remove = useMutation({
    mutationFn: (id: number) => apiRequest('DELETE', `/api/alerts/rules/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...RULES] }),
  });
  return { rules, create, remove };
}
