import { useState } from 'react';

/** Rows a portfolio list shows at first, and adds at each "Show more". */
export const PORTFOLIO_ROWS_STEP = 50;

/**
 * The first rows of a long list, growing on request: a trader's portfolio runs to thousands of lots, and a table of
 * them all (twice over: cards below md, a table from md up) takes seconds to draw and is read by nobody.
 */
export function useRowsShown<T>(items: readonly T[]) {
  const [limit, setLimit] = useState(PORTFOLIO_ROWS_STEP);
  const shown = items.length > limit ? items.slice(0, limit) : items;
  return { shown, more: { shown: shown.length, total: items.length, showMore: () => setLimit((current) => current + PORTFOLIO_ROWS_STEP) } };
}
