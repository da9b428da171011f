import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { SwapQuote, SwapSide } from '@/shared/schemas/pool';
import { POOLS_KEY } from './use-pool';

/** Typing pauses this long before a quote is asked for, so each keystroke does not cost a request. */
export const QUOTE_DEBOUNCE_MS = 250;

/**
 * The live quote of a swap of `quantity` tonnes (null: nothing valid typed). Its key starts with the pool's key,
 * so every pool change (a swap, a liquidity change) invalidates it and the quote is fetched again.
 */
export function useSwapQuote(projectId: number, side: SwapSide, quantity: number | null, enabled: boolean) {
  const [settled, setSettled] = useState(quantity);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(quantity), QUOTE_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [quantity]);
  const query = useQuery<SwapQuote>({
    queryKey: [POOLS_KEY, projectId, `quote?side=${side}&quantity=${settled}`],
    enabled: enabled && settled !== null,
    retry: false,
  });
  // While typing, the last quote belongs to another quantity: don't show it as this one's.
  const current = settled === quantity && query.data?.side === side ? query.data : undefined;
  return { quote: current, isFetching: query.isFetching || settled !== quantity, error: settled === quantity ? query.error : null };
}
