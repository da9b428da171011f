import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { TOTAL_COUNT_HEADER, type Credit, type CreditListView } from '@/shared/schemas/credit';
import type { UserStats } from '@/shared/schemas/stats';
import type { ActivityPage } from '@/shared/schemas/activity';
import { getCountedPage, getJson, getQueryFn } from '@/client/lib/api';
import { formatSerial } from '@/domain/serials';

/** SPEC.md §7: the user's own data is retried 3 times and fresh for 30 s. */
const USER_DATA_OPTIONS = { retry: 3, staleTime: 30_000 } as const;

/** Rows a portfolio list shows at first, and adds at each "Show more": one page of the server's list. */
export const PORTFOLIO_ROWS_STEP = 50;

export const PORTFOLIO_KEYS = {
  credits: ['/api/credits/my'],
  stats: ['/api/stats/user'],
  transactions: ['/api/transactions/my'],
} as const;

/** How many rows of a paged list are drawn and how many there are, and what loads the next page. */
export interface RowsShown {
  shown: number;
  total: number;
  showMore: () => void;
  loadingMore: boolean;
}

/**
 * One view of the user's lots (every lot, or the retired ones) read 50 at a time from the server, newest first: a
 * buyer's history runs to thousands of lots, and reading them all cost the server half a second a visit. Keyed under
 * the lots' own key, so that whatever refreshes the user's credits refreshes every page shown. A lot that moved
 * between two pages (a purchase in between) is drawn once.
 */
function useCreditPages(view: CreditListView | 'all', enabled: boolean) {
  const query = useInfiniteQuery({
    queryKey: [...PORTFOLIO_KEYS.credits, { view, pageSize: PORTFOLIO_ROWS_STEP }],
    queryFn: ({ pageParam, signal }) => getCountedPage<Credit>(
      `/api/credits/my?${view === 'all' ? '' : `view=${view}&`}limit=${PORTFOLIO_ROWS_STEP}&offset=${pageParam}`, TOTAL_COUNT_HEADER, signal,
    ),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (last && pages.length * PORTFOLIO_ROWS_STEP < last.total ? pages.length * PORTFOLIO_ROWS_STEP : undefined),
    enabled,
    ...USER_DATA_OPTIONS,
  });
  const pages = query.data?.pages ?? [];
  const seen = new Set<number>();
  const credits = pages.flatMap((page) => page?.rows ?? []).filter((credit) => !seen.has(credit.id) && seen.add(credit.id));
  const more: RowsShown = {
    shown: credits.length,
    total: Math.max(pages.at(-1)?.total ?? 0, credits.length),
    showMore: () => void query.fetchNextPage(),
    loadingMore: query.isFetchingNextPage,
  };
  return { query, credits, more };
}

/**
 * The calls behind the Portfolio: the holdings table and the retirement history a page at a time, user stats (the
 * summary's tonnes), and the newest retirement (for Last Certificate: one transaction, not the whole history). They
 * run only for a signed-in user; a 401 (the session just expired) is an empty result, like on the dashboard. The
 * retirement is keyed under the transactions' key, so that whatever refreshes the user's transactions (a purchase, a
 * trade, a retirement) refreshes it. No call reads every lot: a buyer's history and a market maker's fragments run to
 * thousands.
 */
export function usePortfolioData(enabled: boolean) {
  const holdings = useCreditPages('all', enabled);
  const retirements = useCreditPages('retired', enabled);
  const stats = useQuery<UserStats | null>({
    queryKey: PORTFOLIO_KEYS.stats,
    queryFn: getQueryFn<UserStats>({ on401: 'returnNull' }),
    enabled,
    ...USER_DATA_OPTIONS,
  });
  const lastRetirement = useQuery<ActivityPage | null, Error, string | null>({
    queryKey: [...PORTFOLIO_KEYS.transactions, { type: 'retirement', limit: 1 }],
    queryFn: ({ signal }) => getJson<ActivityPage>('/api/activity?type=retirement&pageSize=1', 'returnNull', signal),
    select: (page) => page?.items[0]?.certificateId ?? null,
    enabled,
    ...USER_DATA_OPTIONS,
  });
  return { holdings, retirements, stats, lastRetirement };
}

/** Lots the retire dialog offers at once; a search on the server finds the rest. */
export const RETIRE_CHOICES = 50;

/**
 * The active lots the retire dialog offers, newest purchase first: the first 50 matching `search` (a project name, or a
 * serial the lot holds) and how many match. Keyed under the lots' key, so that a retirement or a trade refreshes it;
 * the previous choices stay while the next search loads.
 */
export function useRetirableLots(search: string, enabled: boolean) {
  const q = search.trim();
  return useQuery({
    queryKey: [...PORTFOLIO_KEYS.credits, { view: 'active', q, limit: RETIRE_CHOICES }],
    queryFn: ({ signal }) => getCountedPage<Credit>(
      `/api/credits/my?view=active&limit=${RETIRE_CHOICES}&offset=0${q ? `&q=${encodeURIComponent(q)}` : ''}`, TOTAL_COUNT_HEADER, signal,
    ),
    placeholderData: keepPreviousData,
    enabled,
    ...USER_DATA_OPTIONS,
  });
}

/** A lot's last serial as a search finds it (`VCS-1094-2021-000040`): the tonnes a lot keeps when part of it goes. */
function lastSerialOf(lot: Credit): string {
  const first = lot.serialRange.split('–')[0];
  return formatSerial(first.replace(/-\d+$/, ''), lot.serialEnd);
}

/**
 * The lot the retire dialog has chosen, as the server holds it now: the active lot of the user that holds its last
 * serial, when that is still the same lot (its tonnes may be fewer); null once it is not (sold, retired or moved
 * elsewhere while the dialog was open); undefined while unknown. Asked only when the dialog's list does not show the
 * lot (past the newest 50, or gone from them); keyed under the lots' key, so whatever refreshes them asks again.
 */
export function useChosenLotNow(lot: Credit | null, enabled: boolean) {
  return useQuery({
    queryKey: [...PORTFOLIO_KEYS.credits, { chosen: lot?.id ?? null, serial: lot ? lastSerialOf(lot) : null }],
    queryFn: async ({ signal }) => {
      const page = await getCountedPage<Credit>(`/api/credits/my?view=active&limit=1&offset=0&q=${encodeURIComponent(lastSerialOf(lot!))}`, TOTAL_COUNT_HEADER, signal);
      const found = page?.rows[0];
      return found && found.id === lot!.id ? found : null;
    },
    enabled: enabled && lot !== null,
    ...USER_DATA_OPTIONS,
  });
}
