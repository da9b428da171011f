import { sql } from 'drizzle-orm';
import type { Database, Transaction } from '@/server/db/client';
import { intArray, jsonText, rowsOf } from '@/server/db/sql-values';
import { recordWebhookEvents } from '@/server/db/record-webhook-events';
import { decideAlertFirings, type AlertFiring, type RuleObservation, type RuleUpdate } from '@/domain/alerts/decide-alert-firings';
import { ratingText, type AlertKind } from '@/domain/alerts/evaluate-alert-rule';

/** Filled orders one order_filled rule notifies per pass (more wait for the next pass). */
const ORDERS_PER_PASS = 50;

interface ObservedRow {
  id: number; account_id: number; project_id: number; kind: string; threshold_cents: string | null; armed: boolean;
  observed: string | null; fired_count: number; name: string; ccp_label: string; rating: string | null; rating_on_watch: boolean;
  last_price_cents: string | null; filled_order_ids: number[] | string | null;
}

/**
 * Evaluates every alert rule of these projects against their state now, in ONE transaction: lock the rules (in id
 * order, so two evaluators never deadlock), then read the projects afresh (a statement after the lock sees whatever
 * the previous holder committed), decide (domain), and write the notifications, the `alert.triggered` outbox rows
 * and the rules' new state together. The notification's unique (rule, occurrence) key makes a firing happen once even
 * if two instances race; the outbox rows are written only for notifications this transaction inserted. Runs after
 * the trading commit, off the order path: the desks only publish which projects they touched.
 * Returns the accounts that got a notification.
 */
export async function evaluateAlerts(db: Database, projectIds: readonly number[], now: Date): Promise<number[]> {
  if (projectIds.length === 0) return [];
  return db.transaction(async (tx) => {
    const locked = rowsOf<{ id: number }>(await tx.execute(sql`
      select id from alert_rules where project_id = any(${intArray(projectIds)}) order by id for update`));
    if (locked.length === 0) return [];
    const observations = (await readObservations(tx, locked.map((row) => row.id))).map(toObservation);
    const { firings, updates } = decideAlertFirings(observations);
    const inserted = await insertNotifications(tx, firings, now);
    await recordWebhookEvents(tx, inserted.map(({ firing, id }) => ({
      userId: firing.accountId, type: 'alert.triggered' as const,
      data: { alertId: id, ruleId: firing.ruleId, kind: firing.kind, projectId: firing.projectId, projectName: firing.projectName, message: firing.message, ...firing.data },
    })), now);
    await updateRules(tx, updates);
    return [...new Set(inserted.map(({ firing }) => firing.accountId))];
  });
}

async function readObservations(tx: Transaction, ruleIds: readonly number[]): Promise<ObservedRow[]> {
  return rowsOf<ObservedRow>(await tx.execute(sql`
    select r.id, r.account_id, r.project_id, r.kind, r.threshold_cents::text as threshold_cents, r.armed, r.observed, r.fired_count,
      p.name, p.ccp_label, p.rating, p.rating_on_watch,
      (select t.price_cents::text from trades t where t.project_id = r.project_id order by t.created_at desc, t.id desc limit 1) as last_price_cents,
      case when r.kind = 'order_filled' then array(
        select o.id from orders o
        where o.user_id = r.account_id and o.project_id = r.project_id and o.status = 'filled' and o.updated_at >= r.created_at
          and not exists (select 1 from alert_notifications n where n.rule_id = r.id and n.occurrence = 'order:' || o.id)
        order by o.id limit ${ORDERS_PER_PASS}) end as filled_order_ids
    from alert_rules r join projects p on p.id = r.project_id
    where r.id = any(${intArray(ruleIds)})
    order by r.id`));
}

function toObservation(row: ObservedRow): RuleObservation {
  const ids = row.filled_order_ids;
  return {
    rule: {
      id: row.id, accountId: row.account_id, projectId: row.project_id, kind: row.kind as AlertKind,
      thresholdCents: row.threshold_cents === null ? null : BigInt(row.threshold_cents), armed: row.armed, observed: row.observed, firedCount: row.fired_count,
    },
    projectName: row.name,
    lastPriceCents: row.last_price_cents === null ? null : BigInt(row.last_price_cents),
    ccpLabel: row.ccp_label,
    rating: ratingText(row.rating, row.rating_on_watch),
    filledOrderIds: ids === null ? [] : typeof ids === 'string' ? (ids === '{}' ? [] : ids.slice(1, -1).split(',').map(Number)) : ids.map(Number),
  };
}

async function insertNotifications(tx: Transaction, firings: readonly AlertFiring[], now: Date): Promise<{ firing: AlertFiring; id: number }[]> {
  if (firings.length === 0) return [];
  const rows = firings.map((firing, index) => ({
    i: index, account_id: firing.accountId, rule_id: firing.ruleId, occurrence: firing.occurrence, kind: firing.kind,
    project_id: firing.projectId, project_name: firing.projectName, message: firing.message, data: firing.data,
  }));
  const inserted = rowsOf<{ id: string | number; i: number }>(await tx.execute(sql`
    with x as (
      select * from json_to_recordset(${jsonText(rows)}::json)
        as x(i int, account_id int, rule_id int, occurrence text, kind text, project_id int, project_name text, message text, data jsonb)
    ), ins as (
      insert into alert_notifications (account_id, rule_id, occurrence, kind, project_id, project_name, message, data, created_at)
      select account_id, rule_id, occurrence, kind, project_id, project_name, message, data, ${now.toISOString()}::timestamptz from x order by i
      on conflict (rule_id, occurrence) do nothing
      returning id, rule_id, occurrence
    )
    select ins.id, x.i from ins join x on x.rule_id = ins.rule_id and x.occurrence = ins.occurrence order by x.i`));
  return inserted.map((row) => ({ firing: firings[row.i], id: Number(row.id) }));
}

async function updateRules(tx: Transaction, updates: readonly RuleUpdate[]): Promise<void> {
  if (updates.length === 0) return;
  await tx.execute(sql`
    update alert_rules r set armed = x.armed, observed = x.observed, fired_count = x.fired_count
    from json_to_recordset(${jsonText(updates.map((u) => ({ id: u.id, armed: u.armed, observed: u.observed, fired_count: u.firedCount })))}::json)
      as x(id int, armed boolean, observed text, fired_count int)
    where r.id = x.id`);
}

/** Every project that has a rule: the sweep's work list (at start-up, on catalogue changes, and now and then). */
export async function projectsWithRules(db: Database): Promise<number[]> {
  return rowsOf<{ project_id: number }>(await db.execute(sql`select distinct project_id from alert_rules order by project_id`)).map((row) => row.project_id);
}
