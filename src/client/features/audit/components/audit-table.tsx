import type { AuditEntryView } from '@/shared/schemas/audit';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/client/components/ui/table';

const changeText = (entry: AuditEntryView) => [entry.before && `before ${JSON.stringify(entry.before)}`, entry.after && `after ${JSON.stringify(entry.after)}`]
  .filter(Boolean).join(' · ');

const actorText = (entry: AuditEntryView) => entry.personEmail ?? (entry.personId === null ? 'system' : `user ${entry.personId}`);
const originText = (entry: AuditEntryView) => `${entry.ip ?? '—'}${entry.apiKeyId !== null ? ` · key ${entry.apiKeyId}` : ''}`;

/** On a phone each entry is a card: a table of eight columns would only scroll sideways. */
function AuditCards({ entries }: { entries: readonly AuditEntryView[] }) {
  return (
    <ul aria-label="Audit entries" className="space-y-2 lg:hidden">
      {entries.map((entry) => (
        <li key={entry.seq} className="min-w-0 space-y-1 rounded-xl border border-border bg-white p-3 text-sm shadow-xs">
          <div className="flex items-baseline justify-between gap-2">
            <span className="font-medium text-slate-900">{entry.action}</span>
            <span className="shrink-0 text-xs text-muted-foreground tabular">#{entry.seq}</span>
          </div>
          <p className="text-muted-foreground">{entry.targetType} {entry.targetId} · {entry.createdAt.replace('T', ' ').slice(0, 19)} UTC</p>
          <p className="truncate">{actorText(entry)}</p>
          {changeText(entry) && <p className="break-all text-xs text-muted-foreground">{changeText(entry)}</p>}
          <p className="truncate text-xs text-muted-foreground">{originText(entry)} · {entry.userAgent ?? 'no user agent'}</p>
          <p className="truncate font-mono text-xs text-muted-foreground" title={entry.hash}>{entry.hash}</p>
        </li>
      ))}
    </ul>
  );
}

/** The entries, newest first: cards on a phone, a table from a laptop's width up. */
export function AuditTable({ entries }: { entries: readonly AuditEntryView[] }) {
  if (entries.length === 0) return <p className="rounded-xl border border-dashed border-border px-4 py-10 text-center text-sm text-muted-foreground">No entries match.</p>;
  return (
    <>
    <AuditCards entries={entries} />
    <div className="hidden lg:block">
    <Table aria-label="Audit entries">
      <TableHeader>
        <TableRow>
          <TableHead>#</TableHead>
          <TableHead>When (UTC)</TableHead>
          <TableHead>Actor</TableHead>
          <TableHead>Action</TableHead>
          <TableHead>Target</TableHead>
          <TableHead>Change</TableHead>
          <TableHead>Origin</TableHead>
          <TableHead>Hash</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {entries.map((entry) => (
          <TableRow key={entry.seq}>
            <TableCell className="tabular">{entry.seq}</TableCell>
            <TableCell className="whitespace-nowrap tabular">{entry.createdAt.replace('T', ' ').slice(0, 19)}</TableCell>
            <TableCell className="max-w-48 truncate" title={actorText(entry)}>{actorText(entry)}</TableCell>
            <TableCell className="whitespace-nowrap font-medium">{entry.action}</TableCell>
            <TableCell className="whitespace-nowrap">{entry.targetType} {entry.targetId}</TableCell>
            <TableCell className="max-w-56 truncate text-xs text-muted-foreground" title={changeText(entry)}>{changeText(entry)}</TableCell>
            <TableCell className="text-xs text-muted-foreground">
              {originText(entry)}
              <span className="block max-w-40 truncate" title={entry.userAgent ?? undefined}>{entry.userAgent ?? ''}</span>
            </TableCell>
            <TableCell className="font-mono text-xs" title={entry.hash}>{entry.hash.slice(0, 10)}…</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
    </div>
    </>
  );
}
