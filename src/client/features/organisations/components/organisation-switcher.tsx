import { useId } from 'react';
import { Building2 } from 'lucide-react';
import { toast } from '@/client/components/ui/use-toast';
import { errorMessage } from '@/client/lib/api';
import { cn } from '@/client/lib/cn';
import { useOrganisations } from '@/client/features/organisations/hooks/use-organisations';

/**
 * Picks the organisation the session acts for: every desk, report and export then shows that organisation's.
 * A native select, so that phones show their own picker and a long name never widens the header.
 */
export function OrganisationSwitcher({ className, stacked = false, onSwitched }: { className?: string; stacked?: boolean; onSwitched?: () => void }) {
  const id = useId();
  const { organisations, activate } = useOrganisations();
  const list = organisations.data ?? [];
  const active = list.find((organisation) => organisation.active);
  if (list.length === 0) return null;
  return (
    <div className={cn('flex min-w-0 items-center gap-1.5', stacked && 'flex-col items-stretch gap-1', className)}>
      <label htmlFor={id} className={cn('flex items-center gap-1 text-xs font-medium text-slate-600', !stacked && 'sr-only')}>
        <Building2 className="size-3.5" aria-hidden="true" /> Organisation
      </label>
      <select
        id={id}
        value={active?.id ?? ''}
        disabled={activate.isPending}
        onChange={(event) => activate.mutate(Number(event.target.value), {
          onSuccess: (organisation) => {
            toast({ title: 'Organisation Switched', description: `Acting for ${organisation.name}` });
            onSwitched?.();
          },
          onError: (error) => toast({ variant: 'destructive', title: 'Not Switched', description: errorMessage(error) }),
        })}
        className={cn('h-9 min-w-0 truncate rounded-md border border-input bg-white px-2 text-sm text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
          stacked ? 'w-full' : 'w-[11rem]')}
      >
        {list.map((organisation) => (
          <option key={organisation.id} value={organisation.id}>{organisation.personal ? `${organisation.name} (personal)` : organisation.name}</option>
        ))}
      </select>
    </div>
  );
}
