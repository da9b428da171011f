import { BadgeCheck, FileBadge2, Link2 } from 'lucide-react';
import { Link, Redirect } from 'wouter';
import { FullPageLoader } from '@/client/components/full-page-loader';
import { HomeLogoLink } from '@/client/components/brand/home-logo-link';
import { Logo } from '@/client/components/brand/logo';
import { Card, CardContent, CardDescription, CardHeader } from '@/client/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/client/components/ui/tabs';
import { CreateAccountForm } from '@/client/features/auth/components/create-account-form';
import { SignInForm } from '@/client/features/auth/components/sign-in-form';
import { useAuth } from '@/client/hooks/use-auth';
import { useDocumentTitle } from '@/client/hooks/use-document-title';
import { useHydrated } from '@/client/hooks/use-hydrated';
import { afterSignInPath } from '@/client/lib/full-page';

type Mode = 'signin' | 'register';

export const SIGN_IN_PAGE_TITLE = 'Sign in';

/** `?mode=register` opens Create account. The prerendered page has no query string (the server sends it without one). */
function initialMode(): Mode {
  if (typeof window === 'undefined') return 'signin';
  return new URLSearchParams(window.location.search).get('mode') === 'register' ? 'register' : 'signin';
}

const POINTS = [
  { icon: BadgeCheck, text: 'Credits from Verra, Gold Standard, CAR and CDM projects' },
  { icon: Link2, text: 'Every purchase and retirement anchored on-chain' },
  { icon: FileBadge2, text: 'Retirement certificates ready for ESG reporting' },
];

/** `/signin`, where the server sends the Sign In button (GET /api/login): sign in or create an account. */
export function SignInPage() {
  useDocumentTitle(SIGN_IN_PAGE_TITLE);
  const hydrated = useHydrated();
  const { isAuthenticated, isLoading } = useAuth();
  if (isLoading) return <FullPageLoader />;
  if (isAuthenticated) return <Redirect to={afterSignInPath()} replace />;
  return (
    <div className="grid min-h-dvh lg:grid-cols-2">
      <aside className="relative hidden overflow-hidden bg-gradient-to-br from-emerald-800 via-emerald-900 to-slate-950 p-12 text-white lg:flex lg:flex-col lg:justify-between">
        <div className="pointer-events-none absolute -bottom-32 -right-32 size-[28rem] rounded-full bg-emerald-500/20 blur-3xl" aria-hidden="true" />
        <Link href="/" aria-label="CarbonLedger home" className="relative self-start rounded-md">
          <span className="flex items-center gap-2.5 rounded-lg bg-white px-3 py-2">
            <Logo />
          </span>
        </Link>
        <div className="relative max-w-md">
          <p className="text-3xl font-bold leading-tight tracking-tight">Buy, hold and retire verified carbon credits with a full audit trail.</p>
          <ul className="mt-8 space-y-4">
            {POINTS.map(({ icon: Icon, text }) => (
              <li key={text} className="flex items-center gap-3 text-emerald-50">
                <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-white/10">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                {text}
              </li>
            ))}
          </ul>
        </div>
        <p className="relative text-sm text-emerald-100">1 credit = 1 tonne CO₂e</p>
      </aside>
      <main id="main" className="flex flex-col bg-page">
        <header className="flex h-16 items-center border-b border-border bg-white px-4 sm:px-6 lg:hidden">
          <HomeLogoLink />
        </header>
        <div className="flex flex-1 items-center justify-center px-4 py-10 sm:px-6">
          <div className="w-full max-w-md">
            <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Welcome to CarbonLedger</h1>
            <p className="mt-2 text-sm text-muted-foreground">Sign in to your account or create one to start trading carbon credits.</p>
            <Card className="mt-6">
              <Tabs defaultValue={initialMode()}>
                <CardHeader className="pb-2">
                  <TabsList className="w-full" aria-label="Account">
                    {/* Inert, not faded, until the app runs the page (useHydrated): a click before then would be lost. */}
                    <TabsTrigger value="signin" disabled={!hydrated} className="disabled:opacity-100">Sign in</TabsTrigger>
                    <TabsTrigger value="register" disabled={!hydrated} className="disabled:opacity-100">Create account</TabsTrigger>
                  </TabsList>
                  <CardDescription className="sr-only">Choose whether to sign in or create a new account</CardDescription>
                </CardHeader>
                <CardContent>
                  <TabsContent value="signin">
                    <SignInForm />
                  </TabsContent>
                  <TabsContent value="register">
                    <CreateAccountForm />
                  </TabsContent>
                </CardContent>
              </Tabs>
            </Card>
            <p className="mt-6 text-center text-sm text-muted-foreground">
              <Link href="/marketplace" className="font-medium text-emerald-800 underline-offset-4 hover:underline">
                Browse the marketplace
              </Link>{' '}
              without an account
            </p>
          </div>
        </div>
      </main>
    </div>
  );
}
