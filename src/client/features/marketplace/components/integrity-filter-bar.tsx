import { useId } from 'react';
import { RATINGS, type Rating } from '@/shared/integrity';
import { Checkbox } from '@/client/components/ui/checkbox';
import { Label } from '@/client/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/client/components/ui/select';
import { ANY_RATING, type IntegrityFilters } from '@/client/features/marketplace/hooks/integrity-filters';

interface IntegrityFilterBarProps {
  filters: IntegrityFilters;
  onChange: (changes: Partial<IntegrityFilters>) => void;
}

const TOGGLES: Array<[key: 'ccpLabelled' | 'corsiaEligible' | 'removalsOnly', label: string]> = [
  ['ccpLabelled', 'CCP-labelled'],
  ['corsiaEligible', 'CORSIA eligible'],
  ['removalsOnly', 'Removals only'],
];

/** The integrity filters (issue #15): CCP label approved, CORSIA eligible, removals only, minimum rating. */
export function IntegrityFilterBar({ filters, onChange }: IntegrityFilterBarProps) {
  const ids = useId();
  return (
    <section aria-label="Integrity filters" className="flex flex-wrap items-center gap-x-6 gap-y-3 rounded-xl border border-border bg-white px-4 py-3 shadow-xs sm:px-5">
      {TOGGLES.map(([key, label]) => (
        <div key={key} className="flex items-center gap-2">
          <Checkbox id={`${ids}-${key}`} checked={filters[key]} onCheckedChange={(checked) => onChange({ [key]: checked === true })} />
          <Label htmlFor={`${ids}-${key}`} className="cursor-pointer">{label}</Label>
        </div>
      ))}
      <div className="flex items-center gap-2">
        <Label htmlFor={`${ids}-rating`} className="whitespace-nowrap">Minimum rating</Label>
        <Select value={filters.minRating} onValueChange={(value) => onChange({ minRating: value as Rating | typeof ANY_RATING })}>
          <SelectTrigger id={`${ids}-rating`} className="h-9 w-28"><SelectValue /></SelectTrigger>
          <SelectContent>
            <SelectItem value={ANY_RATING}>Any</SelectItem>
            {RATINGS.map((rating) => <SelectItem key={rating} value={rating}>{rating === 'D' ? 'D' : `${rating} or better`}</SelectItem>)}
          </SelectContent>
        </Select>
      </div>
      <p className="text-xs text-muted-foreground sm:ml-auto">Labels and ratings of the demo catalogue are demo data.</p>
    </section>
  );
}
