import { lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { AppLayout } from './shell/app-layout';
import { PageSkeleton } from './components/page-skeleton';
import { DashboardPage } from './pages/dashboard';
import { HomePage } from './pages/home';
import { MarketplacePage } from './pages/marketplace';
import { NotFoundPage } from './pages/not-found';

// Trading and portfolio carry charts and certificate code: they load on first visit, not with the app frame.
const TradingPage = lazy(() => import('./pages/trading').then((module) => ({ default: module.TradingPage })));
const PortfolioPage = lazy(() => import('./pages/portfolio').then((module) => ({ default: module.PortfolioPage })));
const CertificatePage = lazy(() => import('./pages/certificate').then((module) => ({ default: module.CertificatePage })));
const ProjectPage = lazy(() => import('./pages/project').then((module) => ({ default: module.ProjectPage })));
const RegistryPage = lazy(() => import('./pages/registry').then((module) => ({ default: module.RegistryPage })));
const DevelopersPage = lazy(() => import('./pages/developers').then((module) => ({ default: module.DevelopersPage })));
const SecurityPage = lazy(() => import('./pages/security').then((module) => ({ default: module.SecurityPage })));
const ActivityPage = lazy(() => import('./pages/activity').then((module) => ({ default: module.ActivityPage })));
const OrganisationPage = lazy(() => import('./pages/organisation').then((module) => ({ default: module.OrganisationPage })));
const ApprovalsPage = lazy(() => import('./pages/approvals').then((module) => ({ default: module.ApprovalsPage })));
const AuditPage = lazy(() => import('./pages/audit').then((module) => ({ default: module.AuditPage })));
const AcceptInvitePage = lazy(() => import('./pages/accept-invite').then((module) => ({ default: module.AcceptInvitePage })));
const VerifyPage = lazy(() => import('./pages/verify').then((module) => ({ default: module.VerifyPage })));

/**
 * Every screen inside the app frame (navigation bar, dialogs, footer). It is its own chunk: the landing and
 * sign-in pages, which most first visits see, do not download it.
 */
export function SignedInApp() {
  return (
    <AppLayout>
      <Suspense fallback={<PageSkeleton />}>
        <Switch>
          <Route path="/" component={HomePage} />
          <Route path="/dashboard" component={DashboardPage} />
          <Route path="/activity" component={ActivityPage} />
          <Route path="/marketplace" component={MarketplacePage} />
          <Route path="/trading" component={TradingPage} />
          <Route path="/portfolio" component={PortfolioPage} />
          <Route path="/certificates/:id" component={CertificatePage} />
          <Route path="/verify" component={VerifyPage} />
          <Route path="/projects/:id" component={ProjectPage} />
          <Route path="/registry" component={RegistryPage} />
          <Route path="/developers" component={DevelopersPage} />
          <Route path="/security" component={SecurityPage} />
          <Route path="/organisation" component={OrganisationPage} />
          <Route path="/approvals" component={ApprovalsPage} />
          <Route path="/audit" component={AuditPage} />
          <Route path="/invite/:token" component={AcceptInvitePage} />
          <Route component={NotFoundPage} />
        </Switch>
      </Suspense>
    </AppLayout>
  );
}
