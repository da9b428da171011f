import { lazy, Suspense } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { ErrorBoundary } from './components/error-boundary';
import { FullPageLoader } from './components/full-page-loader';
import { useAuth } from './hooks/use-auth';
import { Toaster } from './components/ui/toaster';
import { queryClient } from './lib/query-client';
import { LandingPage } from './pages/landing';

// Route-level splitting: a first visit to the landing page downloads neither the sign-in forms nor the app.
const SignInPage = lazy(() => import('./pages/sign-in').then((module) => ({ default: module.SignInPage })));
const SignedInApp = lazy(() => import('./signed-in-app').then((module) => ({ default: module.SignedInApp })));

/**
 * SPEC.md §2 routes. `/` is the landing page for visitors and Home for signed-in users, decided by
 * GET /api/auth/user; `/signin` is the server's sign-in target. Every other screen shares the app layout.
 */
function Router() {
  const { isAuthenticated, isLoading } = useAuth();
  const [location] = useLocation();
  if (location === '/' && isLoading) return <FullPageLoader />;
  if (location === '/' && !isAuthenticated) return <LandingPage />;
  return (
    <Suspense fallback={<FullPageLoader />}>
      {location === '/signin' ? <SignInPage /> : <SignedInApp />}
    </Suspense>
  );
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <ErrorBoundary>
        <Router />
      </ErrorBoundary>
      <Toaster />
    </QueryClientProvider>
  );
}
