import { Search, X } from 'lucide-react';
import { PROJECT_TYPES, PROJECT_TYPE_LABELS, STANDARDS, STANDARD_LABELS, type ProjectType, type Standard } from '../../../../shared/constants';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select';
import { ALL, DEFAULT_FILTERS, hasActiveFilters, type PriceRange, type ProjectFilters } from '../hooks/filter-projects';

const PRICE_RANGE_LABELS: Record<PriceRange, string> = {
  any: 'Any Price',
  '0-20': '$0 - $20',
  '20-50': '$20 - $50',
  '50+': '$50+',
};

interface MarketplaceFiltersProps {
  filters: ProjectFilters;
  onChange: (filters: ProjectFilters) => void;
}

/** SPEC.md §2 filters: search, Project Type, Standard and Price Range, and Clear filters once any is set. */
export function MarketplaceFilters({ filters, onChange }: MarketplaceFiltersProps) {
  const set = <K extends keyof ProjectFilters>(key: K, value: ProjectFilters[K]) => onChange({ ...filters, [key]: value });
  return (
    <section aria-label="Filter projects" className="grid grid-cols-1 gap-4 rounded-xl border border-border bg-white p-4 shadow-xs sm:grid-cols-2 sm:p-5 lg:grid-cols-[2fr_1fr_1fr_1fr]">
      <div className="grid gap-2">
        <Label htmlFor="project-search">Search projects</Label>
        <div className="relative">
          <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-500" aria-hidden="true" />
          <Input
            id="project-search"
            type="search"
            placeholder="Search by project name…"
            value={filters.search}
            onChange={(event) => set('search', event.target.value)}
            className="pl-9"
            autoComplete="off"
          />
        </div>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="project-type-filter">Project Type</Label>
        <Select value={filters.projectType} onValueChange={(value) => set('projectType', value as ProjectType | typeof ALL)}>
          <SelectTrigger id="project-type-filter">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>All Types</SelectItem>
            {PROJECT_TYPES.map((type) => (
              <SelectItem key={type} value={type}>
                {PROJECT_TYPE_LABELS[type]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="standard-filter">Standard</Label>
        <Select value={filters.standard} onValueChange={(value) => set('standard', value as Standard | typeof ALL)}>
          <SelectTrigger id="standard-filter">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>All Standards</SelectItem>
            {STANDARDS.map((standard) => (
              <SelectItem key={standard} value={standard}>
                {STANDARD_LABELS[standard]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="price-range-filter">Price Range</Label>
        <Select value={filters.priceRange} onValueChange={(value) => set('priceRange', value as PriceRange)}>
          <SelectTrigger id="price-range-filter">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {(Object.keys(PRICE_RANGE_LABELS) as PriceRange[]).map((range) => (
              <SelectItem key={range} value={range}>
                {PRICE_RANGE_LABELS[range]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      {hasActiveFilters(filters) && (
        <div className="flex justify-end sm:col-span-2 lg:col-span-4">
          <Button variant="ghost" size="sm" onClick={() => onChange(DEFAULT_FILTERS)}>
            <X aria-hidden="true" />
            Clear filters
          </Button>
        </div>
      )}
    </section>
  );
}
