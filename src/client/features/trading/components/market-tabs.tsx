import { useState, type ReactNode } from 'react';
import { useSearch } from 'wouter';
import { Card, CardContent } from '@/client/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/client/components/ui/tabs';
import { MyOrdersTable } from './my-orders-table';
import { RecentTradesTable } from './recent-trades-table';

export interface ExtraTab {
  value: string;
  label: string;
  content: ReactNode;
}

interface MarketTabsProps {
  projectId: number | null;
  signedIn: boolean;
  /** Tabs other features add (the page composes them, e.g. the Liquidity Pool). */
  extraTabs?: readonly ExtraTab[];
}

/**
 * SPEC.md §2: the Recent Trades and My Orders tabs under the terminal (the order book has its own always-visible
 * column, see OrderBookPanel).
 */
export function MarketTabs({ projectId, signedIn, extraTabs = [] }: MarketTabsProps) {
  // `?tab=orders&order=ID` (an order toast's View order) opens My Orders with that order marked.
  const search = new URLSearchParams(useSearch());
  const wantedTab = search.get('tab');
  const markedOrderId = Number(search.get('order')) || null;
  const [tab, setTab] = useState(wantedTab ?? 'trades');
  // A new link (another tab or order asked for) switches the tab once, during render; the trader's own clicks stay.
  const link = `${wantedTab}|${markedOrderId}`;
  const [followedLink, setFollowedLink] = useState(link);
  if (link !== followedLink) {
    setFollowedLink(link);
    if (wantedTab) setTab(wantedTab);
  }
  return (
    <Card className="min-w-0">
      <CardContent className="px-3 pt-4 pb-4 sm:p-6">
        <Tabs value={tab} onValueChange={setTab}>
          <TabsList className="grid h-auto w-full grid-cols-3 gap-1 sm:inline-flex sm:h-10 sm:w-auto">
            <TabsTrigger value="trades">Recent Trades</TabsTrigger>
            <TabsTrigger value="orders">My Orders</TabsTrigger>
            {extraTabs.map((tab) => <TabsTrigger key={tab.value} value={tab.value}>{tab.label}</TabsTrigger>)}
          </TabsList>
          <TabsContent value="trades"><RecentTradesTable projectId={projectId} /></TabsContent>
          <TabsContent value="orders"><MyOrdersTable projectId={projectId} signedIn={signedIn} markedOrderId={markedOrderId} /></TabsContent>
          {extraTabs.map((tab) => <TabsContent key={tab.value} value={tab.value}>{tab.content}</TabsContent>)}
        </Tabs>
      </CardContent>
    </Card>
  );
}
