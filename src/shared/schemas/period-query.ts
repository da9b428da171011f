import { z } from 'zod';
import { calendarDay } from './retirement-claim';

// Generic in the query it checks: every query built below carries `from` and `to` as optional calendar days.
const periodInOrder = <Query>(context: z.core.ParsePayload<Query>) => {
  const { from, to } = context.value as { from?: string; to?: string };
  if (from !== undefined && to !== undefined && to < from) {
    context.issues.push({ code: 'custom', input: context.value, path: ['to'], message: 'to must be on or after from' });
  }
};

/**
 * A history's query strings (the activity ledger, the audit log): its own filters plus a period of UTC calendar days
 * (`to` on or after `from`), as the CSV download takes them (`csv`) and, with a page and a page size, as a page does.
 */
export function periodQueries<F extends z.core.$ZodLooseShape>(filters: F, paging: { pageSize: number; maxPageSize: number }) {
  const fields = {
    ...filters,
    /** First UTC day included. */
    from: calendarDay('from').optional(),
    /** Last UTC day included. */
    to: calendarDay('to').optional(),
  };
  return {
    csv: z.strictObject(fields).check(periodInOrder),
    page: z.strictObject({
      ...fields,
      page: z.coerce.number({ error: 'page must be a number' }).int({ error: 'page must be a whole number' })
        .min(1, { error: 'page must be at least 1' }).max(100_000, { error: 'page must be at most 100000' }).default(1),
      pageSize: z.coerce.number({ error: 'pageSize must be a number' }).int({ error: 'pageSize must be a whole number' })
        .min(1, { error: 'pageSize must be at least 1' }).max(paging.maxPageSize, { error: `pageSize must be at most ${paging.maxPageSize}` })
        .default(paging.pageSize),
    }).check(periodInOrder),
  };
}
