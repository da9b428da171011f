import { lazy, Suspense } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Route, Switch, useLocation } from 'wouter';
import { ErrorBoundary } from './components/error-boundary';
import { FullPageLoader } from './components/full-page-loader';
import { AppLayout } from './components/layout/app-layout';
import { PageSkeleton } from './components/page-skeleton';
import { Toaster } from './components/ui/toaster';
import { useAuth } from './hooks/use-auth';
import { queryClient } from './lib/query-client';
import { DashboardPage } from './pages/dashboard';
import { HomePage } from './pages/home';
import { LandingPage } from './pages/landing';
import { MarketplacePage } from './pages/marketplace';
import { NotFoundPage } from './pages/not-found';
import { SignInPage } from './pages/sign-in';

// Trading and portfolio will carry charts and certificate code: they load on first visit, not with the app.
const TradingPage = lazy(() => import('./pages/trading').then((module) => ({ default: module.TradingPage })));
const PortfolioPage = lazy(() => import('./pages/portfolio').then((module) => ({ default: module.PortfolioPage })));
const CertificatePage = lazy(() => import('./pages/certificate').then((module) => ({ default: module.CertificatePage })));
const ProjectPage = lazy(() => import('./pages/project').then((module) => ({ default: module.ProjectPage })));
const RegistryPage = lazy(() => import('./pages/registry').then((module) => ({ default: module.RegistryPage })));
const VerifyPage = lazy(() => import('./pages/verify').then((module) => ({ default: module.VerifyPage })));

/**
 * SPEC.md §2 routes. `/` is the landing page for visitors and Home for signed-in users, decided by
 * GET /api/auth/user; `/signin` is the server's sign-in target. Every other screen shares the app layout.
 */
function Router() {
  const { isAuthenticated, isLoading } = useAuth();
  const [location] = useLocation();
  if (location === '/signin') return <SignInPage />;
  if (location === '/' && isLoading) return <FullPageLoader />;
  if (location === '/' && !isAuthenticated) return <LandingPage />;
  return (
    <AppLayout>
      <Suspense fallback={<PageSkeleton />}>
        <Switch>
          <Route path="/" component={HomePage} />
          <Route path="/dashboard" component={DashboardPage} />
          <Route path="/marketplace" component={MarketplacePage} />
          <Route path="/trading" component={TradingPage} />
          <Route path="/portfolio" component={PortfolioPage} />
          <Route path="/certificates/:id" component={CertificatePage} />
          <Route path="/verify" component={VerifyPage} />
          <Route path="/projects/:id" component={ProjectPage} />
          <Route path="/registry" component={RegistryPage} />
          <Route component={NotFoundPage} />
        </Switch>
      </Suspense>
    </AppLayout>
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
