import { z } from 'zod';
import { MAX_ID, moneyString } from './common';
import { MAX_PRICE_CENTS } from '@/shared/constants';

/** The kinds of alert rule (issue 31 item 4); domain/alerts/evaluate-alert-rule.ts decides when each fires. */
export const ALERT_KINDS = ['price_above', 'price_below', 'order_filled', 'label_changed', 'rating_changed'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];
export const PRICE_ALERT_KINDS: readonly AlertKind[] = ['price_above', 'price_below'];

const MAX_THRESHOLD_CENTS = Number(MAX_PRICE_CENTS);

export const createAlertRuleBody = z.strictObject({
  kind: z.enum(ALERT_KINDS, { error: `kind must be one of ${ALERT_KINDS.join(', ')}` }),
  projectId: z.number({ error: 'projectId must be a number' }).int({ error: 'projectId must be a whole number' })
    .positive({ error: 'projectId must be a positive integer' }).max(MAX_ID, { error: `projectId must be at most ${MAX_ID}` }),
  /** Price rules only: the threshold in integer cents (1250 is $12.50). */
  thresholdCents: z.number({ error: 'thresholdCents must be a number' }).int({ error: 'thresholdCents must be a whole number of cents' })
    .min(1, { error: 'thresholdCents must be at least 1' }).max(MAX_THRESHOLD_CENTS, { error: `thresholdCents must be at most ${MAX_THRESHOLD_CENTS}` })
    .optional(),
}).superRefine((body, context) => {
  const priced = PRICE_ALERT_KINDS.includes(body.kind);
  if (priced && body.thresholdCents === undefined) context.addIssue({ code: 'custom', path: ['thresholdCents'], message: `thresholdCents is required for ${body.kind}` });
  if (!priced && body.thresholdCents !== undefined) context.addIssue({ code: 'custom', path: ['thresholdCents'], message: `thresholdCents is only for price_above and price_below` });
});
export type CreateAlertRuleBody = z.infer<typeof createAlertRuleBody>;

export const alertRule = z.object({
  id: z.number(),
  kind: z.enum(ALERT_KINDS),
  projectId: z.number(),
  projectName: z.string(),
  thresholdCents: z.number().nullable(),
  /** The threshold as a money string ("12.50"), null for rules without one. */
  threshold: moneyString.nullable(),
  /** Price rules: true while waiting for the price to cross; false after firing, until the price comes back. */
  armed: z.boolean(),
  timesFired: z.number(),
  createdAt: z.string(),
});
export type AlertRule = z.infer<typeof alertRule>;

export const alertNotification = z.object({
  id: z.number(),
  ruleId: z.number().nullable(),
  kind: z.enum(ALERT_KINDS),
  projectId: z.number(),
  projectName: z.string(),
  message: z.string(),
  /** The facts of the trigger: price and threshold, the order id, or the value before and after. */
  data: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type AlertNotification = z.infer<typeof alertNotification>;

export const alertList = z.object({
  unreadCount: z.number(),
  alerts: z.array(alertNotification),
});
export type AlertList = z.infer<typeof alertList>;

export const markAlertsReadBody = z.strictObject({
  /** The notifications to mark read; omitted: every unread one of the organisation. */
  ids: z.array(z.number({ error: 'ids must be numbers' }).int({ error: 'ids must be whole numbers' }).positive({ error: 'ids must be positive' })
    .max(MAX_ID, { error: `ids must be at most ${MAX_ID}` }), { error: 'ids must be an array of alert ids' }).min(1, { error: 'ids must not be empty (omit it to mark all)' })
    .max(500, { error: 'ids may name at most 500 alerts' }).optional(),
});

export const markAlertsReadResult = z.object({ marked: z.number(), unreadCount: z.number() });
