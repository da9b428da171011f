import { useState } from 'react';
import { Search, SlidersHorizontal, X } from 'lucide-react';
import { PROJECT_TYPES, PROJECT_TYPE_LABELS, STANDARDS, STANDARD_LABELS, type ProjectType, type Standard } from '@/shared/constants';
import { Button } from '@/client/components/ui/button';
import { Input } from '@/client/components/ui/input';
import { Label } from '@/client/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/client/components/ui/select';
import { Sheet, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from '@/client/components/ui/sheet';
import { useMediaQuery } from '@/client/hooks/use-media-query';
import { pluralize } from '@/client/lib/format';
import { ALL, DEFAULT_FILTERS, activeRefinementCount, hasActiveFilters, type PriceRange, type ProjectFilters } from '@/client/features/marketplace/hooks/filter-projects';
import { PROJECT_SORTS, PROJECT_SORT_LABELS, type ProjectSort } from '@/client/features/marketplace/hooks/sort-projects';
import { IntegrityFilterBar } from './integrity-filter-bar';

const PRICE_RANGE_LABELS: Record<PriceRange, string> = {
  any: 'Any Price',
  '0-20': '$0 - $20',
  '20-50': '$20 - $50',
  '50+': '$50+',
};

/** From this width the filters sit above the cards; below it they move into a sheet so the cards come first. */
const WIDE_LAYOUT_QUERY = '(min-width: 768px)';

interface MarketplaceFiltersProps {
  filters: ProjectFilters;
  onChange: (filters: ProjectFilters) => void;
  sort: ProjectSort;
  onSortChange: (sort: ProjectSort) => void;
  /** Projects the current filters match (the sheet's "Show N projects"). */
  matchingCount: number;
}

/**
 * SPEC.md §2 filters: search (name or country), Project Type, Standard, Price Range, the integrity filters, Sort,
 * and Clear filters once any is set. Only one layout is rendered at a time, so every control has one label.
 */
export function MarketplaceFilters(props: MarketplaceFiltersProps) {
  const wide = useMediaQuery(WIDE_LAYOUT_QUERY);
  return wide ? <WideFilters {...props} /> : <PhoneFilters {...props} />;
}

function SearchField({ filters, onChange, placeholder }: Pick<MarketplaceFiltersProps, 'filters' | 'onChange'> & { placeholder: string }) {
  return (
    <div className="relative">
      <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-500" aria-hidden="true" />
      <Input
        id="project-search"
        type="search"
        placeholder={placeholder}
        value={filters.search}
        onChange={(event) => onChange({ ...filters, search: event.target.value })}
        className="pl-9"
        autoComplete="off"
      />
    </div>
  );
}

function SelectField({ id, label, value, onValueChange, options }: {
  id: string;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  options: ReadonlyArray<readonly [value: string, label: string]>;
}) {
  return (
    <div className="grid min-w-0 gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Select value={value} onValueChange={onValueChange}>
        <SelectTrigger id={id}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {options.map(([optionValue, optionLabel]) => (
            <SelectItem key={optionValue} value={optionValue}>{optionLabel}</SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

const TYPE_OPTIONS = [[ALL, 'All Types'], ...PROJECT_TYPES.map((type) => [type, PROJECT_TYPE_LABELS[type]] as const)] as const;
const STANDARD_OPTIONS = [[ALL, 'All Standards'], ...STANDARDS.map((standard) => [standard, STANDARD_LABELS[standard]] as const)] as const;
const PRICE_OPTIONS = (Object.keys(PRICE_RANGE_LABELS) as PriceRange[]).map((range) => [range, PRICE_RANGE_LABELS[range]] as const);
const SORT_OPTIONS = PROJECT_SORTS.map((sort) => [sort, PROJECT_SORT_LABELS[sort]] as const);

function CatalogueSelects({ filters, onChange, sort, onSortChange, sortFirst = false }: MarketplaceFiltersProps & { sortFirst?: boolean }) {
  const set = <K extends keyof ProjectFilters>(key: K, value: ProjectFilters[K]) => onChange({ ...filters, [key]: value });
  const sortField = <SelectField id="project-sort" label="Sort by" value={sort} onValueChange={(value) => onSortChange(value as ProjectSort)} options={SORT_OPTIONS} />;
  return (
    <>
      {sortFirst && sortField}
      <SelectField id="project-type-filter" label="Project Type" value={filters.projectType} onValueChange={(value) => set('projectType', value as ProjectType | typeof ALL)} options={TYPE_OPTIONS} />
      <SelectField id="standard-filter" label="Standard" value={filters.standard} onValueChange={(value) => set('standard', value as Standard | typeof ALL)} options={STANDARD_OPTIONS} />
      <SelectField id="price-range-filter" label="Price Range" value={filters.priceRange} onValueChange={(value) => set('priceRange', value as PriceRange)} options={PRICE_OPTIONS} />
      {!sortFirst && sortField}
    </>
  );
}

function ClearFilters({ filters, onChange, className }: Pick<MarketplaceFiltersProps, 'filters' | 'onChange'> & { className?: string }) {
  if (!hasActiveFilters(filters)) return null;
  return (
    <Button variant="ghost" size="sm" className={className} onClick={() => onChange(DEFAULT_FILTERS)}>
      <X aria-hidden="true" />
      Clear filters
    </Button>
  );
}

function WideFilters(props: MarketplaceFiltersProps) {
  const { filters, onChange } = props;
  return (
    <>
      <section aria-label="Filter projects" className="grid grid-cols-2 gap-4 rounded-xl border border-border bg-white p-5 shadow-xs lg:grid-cols-[2fr_1fr_1fr_1fr_1.2fr]">
        <div className="col-span-2 grid gap-2 lg:col-span-1">
          <Label htmlFor="project-search">Search projects</Label>
          <SearchField filters={filters} onChange={onChange} placeholder="Search by name or country…" />
        </div>
        <CatalogueSelects {...props} />
        {hasActiveFilters(filters) && (
          <div className="col-span-2 flex justify-end lg:col-span-5">
            <ClearFilters filters={filters} onChange={onChange} />
          </div>
        )}
      </section>
      <IntegrityFilterBar filters={filters} onChange={(changes) => onChange({ ...filters, ...changes })} />
    </>
  );
}

/** Phones: the search and a Filters button on one row; everything else in a sheet, so the first card is on screen. */
function PhoneFilters(props: MarketplaceFiltersProps) {
  const { filters, onChange, matchingCount } = props;
  const [open, setOpen] = useState(false);
  const refinements = activeRefinementCount(filters);
  return (
    <section aria-label="Filter projects" className="space-y-2">
      <Label htmlFor="project-search" className="sr-only">Search projects</Label>
      <div className="flex gap-2">
        <div className="min-w-0 flex-1">
          <SearchField filters={filters} onChange={onChange} placeholder="Name or country…" />
        </div>
        <Sheet open={open} onOpenChange={setOpen}>
          <SheetTrigger asChild>
            <Button variant="outline" className="shrink-0" aria-label={refinements > 0 ? `Filters and sort, ${pluralize(refinements, 'filter')} set` : 'Filters and sort'}>
              <SlidersHorizontal aria-hidden="true" />
              Filters
              {refinements > 0 && (
                <span className="inline-flex size-5 items-center justify-center rounded-full bg-emerald-700 text-[11px] font-semibold text-white" aria-hidden="true">{refinements}</span>
              )}
            </Button>
          </SheetTrigger>
          <SheetContent closeLabel="Close filters" className="gap-5">
            <SheetTitle className="pr-10 text-lg font-semibold text-slate-900">Filters and sort</SheetTitle>
            <SheetDescription className="sr-only">Narrow and order the projects shown</SheetDescription>
            <div className="grid gap-4">
              <CatalogueSelects {...props} sortFirst />
            </div>
            <IntegrityFilterBar filters={filters} onChange={(changes) => onChange({ ...filters, ...changes })} />
            <div className="mt-auto flex flex-col gap-2">
              <Button onClick={() => setOpen(false)}>Show {pluralize(matchingCount, 'project')}</Button>
              <ClearFilters filters={filters} onChange={onChange} />
            </div>
          </SheetContent>
        </Sheet>
      </div>
      <ClearFilters filters={filters} onChange={onChange} className="h-8 px-2" />
    </section>
  );
}
