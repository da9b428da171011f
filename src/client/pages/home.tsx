import { Store } from 'lucide-react';
import { Link } from 'wouter';
import { PageContainer, PageHeader } from '../components/page-container';
import { Button } from '../components/ui/button';
import { Skeleton } from '../components/ui/skeleton';
import { PlatformStatsSection } from '../features/home/components/platform-stats';
import { QuickActions } from '../features/home/components/quick-actions';
import { YourPortfolio } from '../features/home/components/your-portfolio';
import { useAuth } from '../hooks/use-auth';
import { useDocumentTitle } from '../hooks/use-document-title';
import { useUserStats } from '../hooks/use-user-stats';

/** `/` for a signed-in user (SPEC.md §2). */
export function HomePage() {
  useDocumentTitle('Home');
  const { user, isAuthenticated } = useAuth();
  const userStats = useUserStats({ enabled: isAuthenticated });
  return (
    <PageContainer className="space-y-8 sm:space-y-10">
      <PageHeader
        title={`Welcome back, ${user?.firstName?.trim() || 'User'}`}
        description="Here is the marketplace at a glance and where your portfolio stands."
        actions={
          <Button asChild>
            <Link href="/marketplace">
              <Store aria-hidden="true" />
              Browse Marketplace
            </Link>
          </Button>
        }
      />
      <PlatformStatsSection />
      {userStats.isLoading && <Skeleton className="h-48 w-full rounded-xl" />}
      {userStats.data && <YourPortfolio stats={userStats.data} />}
      <QuickActions />
    </PageContainer>
  );
}
