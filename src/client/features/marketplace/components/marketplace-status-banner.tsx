import { Satellite } from 'lucide-react';
import { Button } from '@/client/components/ui/button';
import { pluralize } from '@/client/lib/format';

/** Raised on window; the app layout opens the Satellite MRV modal when it hears it (SPEC.md §2). */
const OPEN_SATELLITE_DEMO_EVENT = 'openSatelliteDemo';

/** SPEC.md §2 status banner: how many projects there are, and how many the filters show when they narrow the list. */
export function MarketplaceStatusBanner({ loadedCount, shownCount }: { loadedCount: number; shownCount: number }) {
  return (
    <section
      aria-label="Marketplace status"
      className="flex flex-col gap-3 rounded-xl border border-emerald-200 bg-emerald-50 p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex items-center gap-3">
        <span className="relative flex size-2.5" aria-hidden="true">
          <span className="absolute inline-flex size-full animate-ping rounded-full bg-emerald-400 opacity-60" />
          <span className="relative inline-flex size-2.5 rounded-full bg-emerald-600" />
        </span>
        <p className="text-sm text-emerald-900">
          <span className="font-semibold">Live marketplace</span> ·{' '}
          <span data-testid="project-count">
            {shownCount === loadedCount ? `${pluralize(loadedCount, 'project')} loaded` : `Showing ${shownCount.toLocaleString('en-US')} of ${pluralize(loadedCount, 'project')}`}
          </span>
          <span className="hidden md:inline"> · prices in USD per tonne CO₂e</span>
        </p>
      </div>
      <Button variant="outline" size="sm" className="self-start border-emerald-300 sm:self-auto" onClick={() => window.dispatchEvent(new Event(OPEN_SATELLITE_DEMO_EVENT))}>
        <Satellite aria-hidden="true" />
        View Satellite Data
      </Button>
    </section>
  );
}
