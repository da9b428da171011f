import { HomeLogoLink } from '@/client/components/brand/home-logo-link';
import { SignInButton } from '@/client/components/sign-in-button';

/** The landing page's own top bar: logo and Sign In (SPEC.md §2). */
export function LandingHeader() {
  return (
    <header className="fixed inset-x-0 top-0 z-40 h-16 border-b border-border/70 bg-white/90 backdrop-blur">
      <div className="mx-auto flex h-full max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <HomeLogoLink />
        <SignInButton size="sm" />
      </div>
    </header>
  );
}
