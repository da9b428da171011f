import { useState, type FormEvent } from 'react';
import { Download, Filter, X } from 'lucide-react';
import { Button } from '@/client/components/ui/button';
import { Input } from '@/client/components/ui/input';
import { Label } from '@/client/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/client/components/ui/select';
import { useAuditActors } from '@/client/features/audit/hooks/use-audit';
import { auditQueryString, EMPTY_AUDIT_PARAMS, hasAuditFilters, type AuditParams } from '@/client/features/audit/lib/audit-params';

const ANYONE = 'anyone';

interface AuditFiltersProps {
  params: AuditParams;
  onChange: (params: AuditParams) => void;
}

/** Actor, action, target and a range of days, applied together; the CSV holds every matching entry. */
export function AuditFilters({ params, onChange }: AuditFiltersProps) {
  const [draft, setDraft] = useState(params);
  const actors = useAuditActors();
  const set = (changes: Partial<AuditParams>) => setDraft((current) => ({ ...current, ...changes }));
  const apply = (event: FormEvent) => {
    event.preventDefault();
    onChange({ ...draft, page: 1 });
  };
  const csvQuery = auditQueryString(params, false);
  return (
    <form onSubmit={apply} aria-label="Filter the audit log"
      className="grid grid-cols-1 gap-4 rounded-xl border border-border bg-white p-4 shadow-xs sm:grid-cols-2 sm:p-5 lg:grid-cols-5">
      {/* One shrinkable column: a long name and e-mail is cut short rather than widening the form. */}
      <div className="grid min-w-0 grid-cols-1 gap-2">
        {actors.data ? (
          <>
            <Label htmlFor="audit-actor">Actor</Label>
            <Select value={draft.actor || ANYONE} onValueChange={(value) => set({ actor: value === ANYONE ? '' : value })}>
              <SelectTrigger id="audit-actor"><SelectValue /></SelectTrigger>
              <SelectContent>
                <SelectItem value={ANYONE}>Anyone</SelectItem>
                {actors.data.map((member) => (
                  <SelectItem key={member.userId} value={String(member.userId)}>{member.firstName} · {member.email}</SelectItem>
                ))}
                {/* A former member's id from a shared link stays selectable. */}
                {draft.actor && !actors.data.some((member) => String(member.userId) === draft.actor) && (
                  <SelectItem value={draft.actor}>User #{draft.actor}</SelectItem>
                )}
              </SelectContent>
            </Select>
          </>
        ) : (
          <>
            <Label htmlFor="audit-actor">Actor (user id)</Label>
            <Input id="audit-actor" inputMode="numeric" value={draft.actor} onChange={(event) => set({ actor: event.target.value })} />
          </>
        )}
      </div>
      <div className="grid min-w-0 gap-2">
        <Label htmlFor="audit-action">Action</Label>
        <Input id="audit-action" placeholder="order, credit.retired…" value={draft.action} onChange={(event) => set({ action: event.target.value })} />
      </div>
      <div className="grid min-w-0 gap-2">
        <Label htmlFor="audit-target">Target</Label>
        <Input id="audit-target" placeholder="order:12" value={draft.target} onChange={(event) => set({ target: event.target.value })} />
      </div>
      <div className="grid min-w-0 gap-2">
        <Label htmlFor="audit-from">From (UTC day)</Label>
        <Input id="audit-from" type="date" value={draft.from} onChange={(event) => set({ from: event.target.value })} />
      </div>
      <div className="grid min-w-0 gap-2">
        <Label htmlFor="audit-to">To (UTC day)</Label>
        <Input id="audit-to" type="date" value={draft.to} onChange={(event) => set({ to: event.target.value })} />
      </div>
      <div className="flex flex-wrap items-end justify-end gap-2 sm:col-span-2 lg:col-span-5">
        {hasAuditFilters(params) && (
          <Button type="button" variant="ghost" onClick={() => { setDraft(EMPTY_AUDIT_PARAMS); onChange(EMPTY_AUDIT_PARAMS); }}>
            <X aria-hidden="true" />
            Clear filters
          </Button>
        )}
        <Button type="submit"><Filter aria-hidden="true" /> Apply filters</Button>
        <Button asChild variant="outline">
          <a href={`/api/audit.csv${csvQuery ? `?${csvQuery}` : ''}`} download>
            <Download aria-hidden="true" />
            Download CSV
          </a>
        </Button>
      </div>
    </form>
  );
}
