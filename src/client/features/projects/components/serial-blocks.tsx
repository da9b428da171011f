import type { ProjectDetails } from '@/shared/schemas/project-details';
import { Card, CardContent, CardHeader, CardTitle } from '@/client/components/ui/card';
import { formatInteger, pluralize } from '@/client/lib/format';

/** Serials issued, still for sale, held and retired, with the retired blocks as ranges anyone can check on /verify. */
export function SerialBlocks({ serials }: { serials: ProjectDetails['serials'] }) {
  const issued = serials.issued.tonnes;
  const parts = [
    { label: 'Available', tonnes: serials.available?.tonnes ?? 0, className: 'bg-emerald-200' },
    { label: 'Held', tonnes: serials.heldTonnes, className: 'bg-sky-300' },
    { label: 'Retired', tonnes: serials.retiredTonnes, className: 'bg-slate-500' },
  ];
  return (
    <Card>
      <CardHeader><CardTitle className="text-base">Serial blocks</CardTitle></CardHeader>
      <CardContent className="space-y-4 text-sm">
        <div className="flex h-3 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
          {parts.map((part) => <div key={part.label} className={part.className} style={{ width: `${(100 * part.tonnes) / Math.max(issued, 1)}%` }} />)}
        </div>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          <Figure label="Issued" tonnes={issued} />
          {parts.map((part) => <Figure key={part.label} label={part.label} tonnes={part.tonnes} />)}
        </dl>
        <dl className="space-y-2">
          <Range label="Issued" text={serials.issued.label} />
          <Range label="Available" text={serials.available?.label ?? 'Sold out'} />
          <Range
            label={`Retired (${pluralize(serials.retiredBlockCount, 'block')})`}
            text={serials.retired.length ? serials.retired.map((block) => block.label).join(', ') : 'None yet'}
          />
        </dl>
      </CardContent>
    </Card>
  );
}

function Figure({ label, tonnes }: { label: string; tonnes: number }) {
  return (
    <div>
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="font-semibold tabular text-slate-900">{formatInteger(tonnes)} t</dd>
    </div>
  );
}

function Range({ label, text }: { label: string; text: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="font-mono text-xs text-slate-800 [overflow-wrap:anywhere]">{text}</dd>
    </div>
  );
}
