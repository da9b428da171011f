import { Store } from 'lucide-react';
import { Link } from 'wouter';
import { PageContainer, PageHeader } from '@/client/components/page-container';
import { Button } from '@/client/components/ui/button';
import { Skeleton } from '@/client/components/ui/skeleton';
import { PlatformStatsSection } from '@/client/features/home/components/platform-stats';
import { QuickActions } from '@/client/features/home/components/quick-actions';
import { YourPortfolio } from '@/client/features/home/components/your-portfolio';
import { useAuth } from '@/client/hooks/use-auth';
import { useDocumentTitle } from '@/client/hooks/use-document-title';
import { useUserStats } from '@/client/hooks/use-user-stats';

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
