/**
 * Client routes the server answers with the app shell (200); any other path gets the shell with a 404. Every
 * `<Route path>` of the app must match one (tests/unit/client/client-routes.test.ts holds the two lists together).
 */
export const CLIENT_ROUTE_PATTERNS: RegExp[] = [
  /^\/$/,
  /^\/dashboard\/?$/,
  /^\/activity\/?$/,
  /^\/marketplace\/?$/,
  /^\/trading\/?$/,
  /^\/portfolio\/?$/,
  /^\/signin\/?$/,
  /^\/verify\/?$/,
  /^\/developers\/?$/,
  /^\/security\/?$/,
  /^\/organisation\/?$/,
  /^\/approvals\/?$/,
  /^\/audit\/?$/,
  /^\/invite\/[A-Za-z0-9_-]+\/?$/,
  /^\/certificates\/[^/]+\/?$/,
  /^\/registry\/?$/,
  /^\/projects\/\d+\/?$/,
];

export const isClientRoute = (path: string) => CLIENT_ROUTE_PATTERNS.some((pattern) => pattern.test(path));
