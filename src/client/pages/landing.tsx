import { SiteFooter } from '@/client/shell/site-footer';
import { SkipLink } from '@/client/shell/skip-link';
import { ClosingCall } from '@/client/features/landing/components/closing-call';
import { FeatureCards } from '@/client/features/landing/components/feature-cards';
import { LandingHeader } from '@/client/features/landing/components/landing-header';
import { LandingHero } from '@/client/features/landing/components/landing-hero';
import { useDocumentTitle } from '@/client/hooks/use-document-title';

export const LANDING_PAGE_TITLE = 'Carbon Credits on Blockchain';

/** `/` for visitors who are not signed in (SPEC.md §2). */
export function LandingPage() {
  useDocumentTitle(LANDING_PAGE_TITLE);
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <LandingHeader />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <LandingHero />
        <FeatureCards />
        <ClosingCall />
      </main>
      <SiteFooter />
    </div>
  );
}
