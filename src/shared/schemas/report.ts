import { z } from 'zod';
import { calendarDay } from './retirement-claim';

/** A reporting period of whole UTC days, both inclusive. */
export const reportPeriodQuery = z
  .object({ from: calendarDay('from'), to: calendarDay('to') })
  .check((context) => {
    if (context.value.to < context.value.from) {
      context.issues.push({ code: 'custom', input: context.value, path: ['to'], message: 'The report period must end on or after its start' });
    }
  });

export const statementQuery = z.object({
  year: z.coerce.number({ error: 'year must be a number' }).int({ error: 'year must be a whole number' })
    .min(1990, { error: 'year must be between 1990 and 2100' }).max(2100, { error: 'year must be between 1990 and 2100' }),
});
