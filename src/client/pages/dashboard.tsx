import { PageContainer, PageHeader } from '@/client/components/page-container';
import { DashboardBanner } from '@/client/features/dashboard/components/dashboard-banner';
import { DashboardStats } from '@/client/features/dashboard/components/dashboard-stats';
import { loadFailure } from '@/client/components/load-error';
import { RecentCreditsCard } from '@/client/features/dashboard/components/recent-credits-card';
import { TransactionHistoryCard } from '@/client/features/dashboard/components/transaction-history-card';
import { useMyCredits } from '@/client/features/dashboard/hooks/use-my-credits';
import { useMyTransactions } from '@/client/features/dashboard/hooks/use-my-transactions';
import { useAuth } from '@/client/hooks/use-auth';
import { useDocumentTitle } from '@/client/hooks/use-document-title';
import { useUserStats } from '@/client/hooks/use-user-stats';

/** SPEC.md §2 Dashboard. Shown to anyone: signed out, the user's calls answer 401 and render as empty (Demo mode). */
export function DashboardPage() {
  useDocumentTitle('Dashboard');
  const { user, isLoading: userLoading } = useAuth();
  const stats = useUserStats({ dashboard: true });
  const credits = useMyCredits();
  const transactions = useMyTransactions();
  const greetingName = user?.companyName?.trim() || user?.firstName?.trim() || 'Carbon Trader';
  return (
    <PageContainer className="space-y-6">
      <PageHeader
        eyebrow="Dashboard"
        title={`Welcome back, ${greetingName}`}
        description="Your carbon credit holdings, retirements and activity in one place."
      />
      <DashboardBanner
        ownedCredits={stats.data?.ownedCredits ?? 0}
        cashBalance={stats.data?.cashBalance ?? user?.cashBalance ?? null}
        signedIn={userLoading || user !== null}
      />
      <DashboardStats stats={stats.data ?? null} loading={stats.isLoading} />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <RecentCreditsCard credits={credits.data ?? []} loading={credits.isLoading} failure={loadFailure(credits)} />
        <TransactionHistoryCard transactions={transactions.data ?? []} loading={transactions.isLoading} failure={loadFailure(transactions)} />
      </div>
    </PageContainer>
  );
}
