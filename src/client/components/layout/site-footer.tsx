import { NETWORK_NAME } from '../../../shared/constants';

export function SiteFooter() {
  return (
    <footer className="border-t border-border bg-white">
      <div className="mx-auto flex max-w-[1440px] flex-col gap-2 px-4 py-6 text-sm text-muted-foreground sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <p>© {new Date().getFullYear()} CarbonLedger. 1 credit = 1 tonne CO₂e.</p>
        <p>Credits verified by Verra and Gold Standard · Anchored on {NETWORK_NAME}</p>
      </div>
    </footer>
  );
}
