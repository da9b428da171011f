import { ACTIVITY_TYPES, type ActivityType } from '@/shared/schemas/activity';

/** The /activity screen's filters and page, kept in its query string so that a link (or sign-in) returns to them. */
export interface ActivityParams {
  type: ActivityType | null;
  projectId: number | null;
  from: string;
  to: string;
  page: number;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function readActivityParams(search: string): ActivityParams {
  const query = new URLSearchParams(search);
  const type = query.get('type');
  const projectId = Number(query.get('projectId'));
  const page = Number(query.get('page'));
  const day = (name: string) => {
    const value = query.get(name) ?? '';
    return DAY.test(value) ? value : '';
  };
  return {
    type: (ACTIVITY_TYPES as readonly string[]).includes(type ?? '') ? (type as ActivityType) : null,
    projectId: Number.isSafeInteger(projectId) && projectId > 0 ? projectId : null,
    from: day('from'),
    to: day('to'),
    page: Number.isSafeInteger(page) && page > 1 ? page : 1,
  };
}

/** The filters as a query string (no leading `?`), without the page unless `withPage`. */
export function activityQueryString(params: ActivityParams, withPage = true): string {
  const query = new URLSearchParams();
  if (params.type) query.set('type', params.type);
  if (params.projectId !== null) query.set('projectId', String(params.projectId));
  if (params.from) query.set('from', params.from);
  if (params.to) query.set('to', params.to);
  if (withPage && params.page > 1) query.set('page', String(params.page));
  return query.toString();
}

export const hasActivityFilters = (params: ActivityParams) => params.type !== null || params.projectId !== null || params.from !== '' || params.to !== '';
