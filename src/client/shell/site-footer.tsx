import { Link } from 'wouter';
import { NETWORK_NAME } from '@/shared/constants';

export function SiteFooter() {
  return (
    <footer className="border-t border-border bg-white">
      <div className="mx-auto flex max-w-[1440px] flex-col gap-2 px-4 py-6 text-sm text-muted-foreground sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <p>© {new Date().getFullYear()} CarbonLedger. 1 credit = 1 tonne CO₂e.</p>
        <p>
          Credits verified by Verra and Gold Standard · Anchored on {NETWORK_NAME} ·{' '}
          <Link href="/verify" className="font-medium text-emerald-800 underline-offset-2 hover:underline">
            Verify a retirement
          </Link>
          {' · '}
          <Link href="/registry" className="font-medium text-emerald-800 underline-offset-2 hover:underline">
            Public registry
          </Link>
        </p>
      </div>
    </footer>
  );
}
