import { sql } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { firstRow, intArray, rowsOf } from '@/server/db/sql-values';
import { NotFoundError, RefusedError } from '@/domain/errors';
import { formatCents } from '@/domain/money';
import { initialArmed, isPriceKind, ratingText, type AlertKind } from '@/domain/alerts/evaluate-alert-rule';
import type { AlertList, AlertRule, CreateAlertRuleBody } from '@/shared/schemas/alerts';

/** Rules one organisation may keep: enough for any desk, and a bound on what one evaluation pass locks. */
export const MAX_RULES_PER_ACCOUNT = 200;
const LIST_LIMIT = 50;

interface RuleRow {
  id: number; kind: string; project_id: number; name: string; threshold_cents: string | null; armed: boolean; fired_count: number; created_at: string | Date;
}

const iso = (value: string | Date) => new Date(value).toISOString();

function ruleToApi(row: RuleRow): AlertRule {
  const threshold = row.threshold_cents === null ? null : BigInt(row.threshold_cents);
  return {
    id: row.id, kind: row.kind as AlertKind, projectId: row.project_id, projectName: row.name,
    thresholdCents: threshold === null ? null : Number(threshold), threshold: threshold === null ? null : formatCents(threshold),
    armed: row.armed, timesFired: row.fired_count, createdAt: iso(row.created_at),
  };
}

const RULE_COLUMNS = sql`r.id, r.kind, r.project_id, p.name, r.threshold_cents::text as threshold_cents, r.armed, r.fired_count, r.created_at`;

export async function listAlertRules(db: Database, accountId: number): Promise<AlertRule[]> {
  return rowsOf<RuleRow>(await db.execute(sql`
    select ${RULE_COLUMNS} from alert_rules r join projects p on p.id = r.project_id where r.account_id = ${accountId} order by r.id desc`)).map(ruleToApi);
}

/**
 * A new rule starts from what its project shows now: a price rule is armed unless the last trade price is already
 * beyond its threshold (it fires on a crossing), a label or rating rule remembers the current value (it fires on a change).
 */
export async function createAlertRule(db: Database, who: { accountId: number; personId: number }, body: CreateAlertRuleBody): Promise<AlertRule> {
  const project = firstRow<{ name: string; ccp_label: string; rating: string | null; rating_on_watch: boolean; last_price_cents: string | null; rules: number } | undefined>(await db.execute(sql`
    select p.name, p.ccp_label, p.rating, p.rating_on_watch,
      (select t.price_cents::text from trades t where t.project_id = p.id order by t.created_at desc, t.id desc limit 1) as last_price_cents,
      (select count(*)::int from alert_rules r where r.account_id = ${who.accountId}) as rules
    from projects p where p.id = ${body.projectId}`));
  if (!project) throw new NotFoundError(`Project ${body.projectId} not found`);
  if (project.rules >= MAX_RULES_PER_ACCOUNT) throw new RefusedError(`An organisation may keep at most ${MAX_RULES_PER_ACCOUNT} alert rules: delete one first`);
  const kind = body.kind;
  const thresholdCents = body.thresholdCents === undefined ? null : BigInt(body.thresholdCents);
  const lastPriceCents = project.last_price_cents === null ? null : BigInt(project.last_price_cents);
  const armed = isPriceKind(kind) ? initialArmed(kind, thresholdCents!, lastPriceCents) : true;
  const observed = kind === 'label_changed' ? project.ccp_label : kind === 'rating_changed' ? ratingText(project.rating, project.rating_on_watch) : null;
  const row = firstRow<RuleRow>(await db.execute(sql`
    with r as (
      insert into alert_rules (account_id, created_by, project_id, kind, threshold_cents, armed, observed)
      values (${who.accountId}, ${who.personId}, ${body.projectId}, ${kind}, ${thresholdCents === null ? null : thresholdCents.toString()}::bigint, ${armed}, ${observed})
      returning *
    )
    select ${RULE_COLUMNS} from r join projects p on p.id = r.project_id`));
  return ruleToApi(row);
}

/** Deletes one of the organisation's rules; another organisation's rule is a 404. Its notifications stay. */
export async function deleteAlertRule(db: Database, accountId: number, ruleId: number): Promise<void> {
  const deleted = rowsOf(await db.execute(sql`delete from alert_rules where id = ${ruleId} and account_id = ${accountId} returning id`));
  if (deleted.length === 0) throw new NotFoundError(`Alert rule ${ruleId} not found`);
}

interface NotificationRow {
  id: string | number; rule_id: number | null; kind: string; project_id: number; project_name: string; message: string;
  data: Record<string, string | number | null> | string; created_at: string | Date; read_at: string | Date | null; unread: number;
}

/** The organisation's latest 50 notifications, newest first, and how many it has unread (all of them, not only these). */
export async function listAlerts(db: Database, accountId: number): Promise<AlertList> {
  const rows = rowsOf<NotificationRow>(await db.execute(sql`
    select u.unread, n.* from (select count(*)::int as unread from alert_notifications where account_id = ${accountId} and read_at is null) u
    left join lateral (
      select id, rule_id, kind, project_id, project_name, message, data, created_at, read_at
      from alert_notifications where account_id = ${accountId} order by id desc limit ${LIST_LIMIT}
    ) n on true`));
  return {
    unreadCount: rows[0]?.unread ?? 0,
    alerts: rows.filter((row) => row.id !== null).map((row) => ({
      id: Number(row.id), ruleId: row.rule_id, kind: row.kind as AlertKind, projectId: row.project_id, projectName: row.project_name,
      message: row.message, data: typeof row.data === 'string' ? JSON.parse(row.data) as Record<string, string | number | null> : row.data,
      createdAt: iso(row.created_at), readAt: row.read_at === null ? null : iso(row.read_at),
    })),
  };
}

/** Marks these notifications (or every unread one) of the organisation read; ids of other organisations are ignored. */
export async function markAlertsRead(db: Database, accountId: number, ids: readonly number[] | undefined, now: Date): Promise<{ marked: number; unreadCount: number }> {
  const filter = ids === undefined ? sql`` : sql`and id = any(${intArray(ids)})`;
  const row = firstRow<{ marked: number; unread: number }>(await db.execute(sql`
    with m as (
      update alert_notifications set read_at = ${now.toISOString()}::timestamptz
      where account_id = ${accountId} and read_at is null ${filter} returning id
    )
    select (select count(*)::int from m) as marked,
      (select count(*)::int from alert_notifications where account_id = ${accountId} and read_at is null) - (select count(*)::int from m) as unread`));
  return { marked: row.marked, unreadCount: row.unread };
}
