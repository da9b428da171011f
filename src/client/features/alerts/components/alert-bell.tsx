import { Bell, Check, Trash2 } from 'lucide-react';
import { Button } from '@/client/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from '@/client/components/ui/sheet';
import { toast } from '@/client/components/ui/use-toast';
import { errorMessage } from '@/client/lib/api';
import { cn } from '@/client/lib/cn';
import { formatDateTimeUtc } from '@/client/lib/format';
import { useAlertRules, useAlerts } from '@/client/features/alerts/hooks/use-alerts';
import { describeRule } from './alert-kind-labels';

/**
 * The header's bell: the unread count on a badge, and a panel with the organisation's alerts (newest first, each
 * markable read, or all at once) and its alert rules (deletable). Rules are made from the trading terminal.
 */
export function AlertBell({ className }: { className?: string }) {
  const { alerts, markRead } = useAlerts(true);
  const unread = alerts.data?.unreadCount ?? 0;
  const label = unread > 0 ? `Alerts, ${unread} unread` : 'Alerts';
  return (
    <Sheet>
      <SheetTrigger asChild>
        <Button variant="ghost" size="icon" className={cn('relative size-9 shrink-0', className)} aria-label={label} title={label}>
          <Bell aria-hidden="true" />
          {unread > 0 && (
            <span aria-hidden="true" data-testid="alert-unread-badge"
              className="absolute -right-0.5 -top-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-red-600 px-1 text-[10px] font-semibold leading-none text-white">
              {unread > 99 ? '99+' : unread}
            </span>
          )}
        </Button>
      </SheetTrigger>
      <SheetContent closeLabel="Close alerts">
        <div className="flex items-center justify-between gap-2 pr-10">
          <SheetTitle className="text-lg font-semibold text-slate-900">Alerts</SheetTitle>
          <Button variant="outline" size="sm" disabled={unread === 0 || markRead.isPending}
            onClick={() => markRead.mutate(undefined, { onError: (error) => toast({ variant: 'destructive', title: 'Not Marked', description: errorMessage(error) }) })}>
            Mark all read
          </Button>
        </div>
        <SheetDescription className="text-sm text-muted-foreground">
          {unread > 0 ? `${unread} unread` : 'Nothing unread'}
        </SheetDescription>
        <AlertList />
        <RuleList />
      </SheetContent>
    </Sheet>
  );
}

function AlertList() {
  const { alerts, markRead } = useAlerts(true);
  const list = alerts.data?.alerts ?? [];
  if (alerts.isLoading) return <p className="text-sm text-muted-foreground">Loading alerts…</p>;
  if (list.length === 0) return <p className="text-sm text-muted-foreground">No alerts yet. Use “Alert me” on the trading screen to watch a price, a label or a rating.</p>;
  return (
    <ul aria-label="Alerts" className="space-y-2">
      {list.map((alert) => (
        <li key={alert.id} className={cn('rounded-lg border p-3 text-sm', alert.readAt ? 'border-border bg-white' : 'border-emerald-200 bg-emerald-50')}>
          <p className="font-medium text-slate-900">{alert.message}</p>
          <div className="mt-1 flex items-center justify-between gap-2 text-xs text-muted-foreground">
            <span>{formatDateTimeUtc(alert.createdAt)}</span>
            {!alert.readAt && (
              <Button variant="ghost" size="sm" className="h-7 px-2" aria-label={`Mark read: ${alert.message}`} onClick={() => markRead.mutate([alert.id])}>
                <Check aria-hidden="true" /> Mark read
              </Button>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}

function RuleList() {
  const { rules, remove } = useAlertRules();
  const list = rules.data ?? [];
  return (
    <section aria-labelledby="alert-rules-heading" className="border-t border-border pt-3">
      <h3 id="alert-rules-heading" className="mb-2 text-sm font-semibold text-slate-900">Alert rules</h3>
      {list.length === 0 ? (
        <p className="text-sm text-muted-foreground">No alert rules.</p>
      ) : (
        <ul className="space-y-1">
          {list.map((rule) => (
            <li key={rule.id} className="flex items-center justify-between gap-2 text-sm">
              <span className="min-w-0 truncate" title={describeRule(rule)}>{describeRule(rule)}</span>
              <Button variant="ghost" size="icon" className="size-8 shrink-0" aria-label={`Delete rule: ${describeRule(rule)}`}
                onClick={() => remove.mutate(rule.id, {
                  onSuccess: () => toast({ title: 'Alert Rule Deleted', description: describeRule(rule) }),
                  onError: (error) => toast({ variant: 'destructive', title: 'Not Deleted', description: errorMessage(error) }),
                })}>
                <Trash2 aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
