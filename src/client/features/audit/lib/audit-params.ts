/** The /audit screen's filters and page, kept in its query string so that a link returns to them. */
export interface AuditParams {
  actor: string;
  action: string;
  target: string;
  from: string;
  to: string;
  page: number;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
export const EMPTY_AUDIT_PARAMS: AuditParams = { actor: '', action: '', target: '', from: '', to: '', page: 1 };

export function readAuditParams(search: string): AuditParams {
  const query = new URLSearchParams(search);
  const text = (name: string) => (query.get(name) ?? '').slice(0, 200);
  const day = (name: string) => (DAY.test(text(name)) ? text(name) : '');
  const page = Number(query.get('page'));
  const actor = text('actor');
  return {
    actor: /^[1-9]\d{0,9}$/.test(actor) ? actor : '', action: text('action'), target: text('target'), from: day('from'), to: day('to'),
    page: Number.isSafeInteger(page) && page > 1 ? page : 1,
  };
}

/** The filters as a query string (no leading `?`), without the page unless `withPage`. */
export function auditQueryString(params: AuditParams, withPage = true): string {
  const query = new URLSearchParams();
  for (const key of ['actor', 'action', 'target', 'from', 'to'] as const) if (params[key].trim()) query.set(key, params[key].trim());
  if (withPage && params.page > 1) query.set('page', String(params.page));
  return query.toString();
}

export const hasAuditFilters = (params: AuditParams) => auditQueryString({ ...params, page: 1 }) !== '';
