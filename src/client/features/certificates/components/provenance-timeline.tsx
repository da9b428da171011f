import { ArrowRightLeft, Award, Factory, ShoppingCart, type LucideIcon } from 'lucide-react';
import type { ProvenanceEventJson } from '@/shared/schemas/certificate';
import { formatDate, formatInteger } from '@/client/lib/format';

const EVENTS: Record<ProvenanceEventJson['event'], { label: string; icon: LucideIcon; tone: string }> = {
  issued: { label: 'Issued', icon: Factory, tone: 'bg-sky-50 text-sky-700' },
  bought: { label: 'Bought', icon: ShoppingCart, tone: 'bg-emerald-50 text-emerald-700' },
  traded: { label: 'Traded', icon: ArrowRightLeft, tone: 'bg-violet-50 text-violet-700' },
  retired: { label: 'Retired', icon: Award, tone: 'bg-amber-50 text-amber-800' },
};

/** The tonnes' history, oldest first: issued → bought → traded → retired. */
export function ProvenanceTimeline({ events }: { events: readonly ProvenanceEventJson[] }) {
  return (
    <ol className="relative grid gap-5" aria-label="Provenance">
      {events.map((event, index) => {
        const { label, icon: Icon, tone } = EVENTS[event.event];
        return (
          <li key={`${event.event}-${index}`} className="relative flex gap-3">
            {index < events.length - 1 && <span className="absolute left-[1.125rem] top-10 h-[calc(100%-1.25rem)] w-px bg-border" aria-hidden="true" />}
            <span className={`flex size-9 shrink-0 items-center justify-center rounded-full ${tone}`}>
              <Icon className="size-4" aria-hidden="true" />
            </span>
            <div className="min-w-0 pt-1">
              <p className="flex flex-wrap items-baseline gap-x-2">
                <span className="font-semibold text-slate-900">{label}</span>
                <span className="text-sm text-muted-foreground">{formatDate(event.date)} · {formatInteger(event.quantity)} t</span>
              </p>
              <p className="mt-0.5 text-sm text-slate-700 [overflow-wrap:anywhere]">{event.detail}</p>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
