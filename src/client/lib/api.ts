import type { QueryFunction } from '@tanstack/react-query';

/**
 * The only place where HTTP responses become errors (STYLE.md §5). The message format is SPEC.md §8:
 * `${status}: ${body text or status text}`; the server's body is JSON `{ "message": "…" }`.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly bodyText: string,
    statusText: string,
  ) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'ApiError';
  }
}

async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const bodyText = await response.text().catch(() => '');
  throw new ApiError(response.status, bodyText, response.statusText);
}

/**
 * Sends a request with credentials. A body is sent as JSON with a JSON content type; requests without a body
 * send no content type, because a JSON content type with an empty body is itself a 400 on the server.
 */
export async function apiRequest(method: string, url: string, body?: unknown): Promise<Response> {
  const hasBody = body !== undefined;
  const response = await fetch(url, {
    method,
    headers: hasBody ? { 'Content-Type': 'application/json' } : {},
    body: hasBody ? JSON.stringify(body) : undefined,
    credentials: 'include',
  });
  await throwIfNotOk(response);
  return response;
}

/** `apiRequest` followed by parsing the JSON response. */
export async function apiJson<T>(method: string, url: string, body?: unknown): Promise<T> {
  const response = await apiRequest(method, url, body);
  return (await response.json()) as T;
}

export type UnauthorizedBehavior = 'throw' | 'returnNull';

/**
 * The default query: GET the path made of the query key's parts (`['/api/trading/orderbook', 7]` →
 * `/api/trading/orderbook/7`). With `on401: 'returnNull'` a 401 is an empty result, which is how the
 * client learns that nobody is signed in.
 */
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return ({ queryKey, signal }) => getJson<T>(queryKey.join('/'), on401, signal);
}

/** GET a URL for a query: its response once OK; with `on401: 'returnNull'` a 401 is null (nobody signed in). */
async function getOk(url: string, on401: UnauthorizedBehavior, signal: AbortSignal): Promise<Response | null> {
  const response = await fetch(url, { credentials: 'include', signal });
  if (on401 === 'returnNull' && response.status === 401) return null;
  await throwIfNotOk(response);
  return response;
}

/** GET a URL's JSON for a query; with `on401: 'returnNull'` a 401 is an empty result. */
export async function getJson<T>(url: string, on401: UnauthorizedBehavior, signal: AbortSignal): Promise<T | null> {
  const response = await getOk(url, on401, signal);
  return response && ((await response.json()) as T);
}

/**
 * GET one page of a list that counts its whole in a header (`X-Total-Count`, as `GET /api/credits/my?offset=…`
 * sends): the rows and that count. A 401 is an empty result, as the other "my" reads treat it.
 */
export async function getCountedPage<T>(url: string, countHeader: string, signal: AbortSignal): Promise<{ rows: T[]; total: number } | null> {
  const response = await getOk(url, 'returnNull', signal);
  if (!response) return null;
  const rows = (await response.json()) as T[];
  return { rows, total: Number(response.headers.get(countHeader) ?? rows.length) };
}

/**
 * A query of a "my …" list's newest rows (`GET /api/credits/my?limit=3`), keyed under the list's own key
 * (`['/api/credits/my', { limit: 3 }]`) so that whatever refreshes the list refreshes it too. A screen that shows the
 * newest few asks for only those: a trader's whole list runs to thousands of rows. A 401 is an empty result.
 */
export function newestOf<T>(path: string, limit: number) {
  return {
    queryKey: [path, { limit }] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) => getJson<T[]>(`${path}?limit=${limit}`, 'returnNull', signal),
  };
}

/** The human-readable part of an error for a toast: the server's `message`, else the raw text. */
export function errorMessage(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const separator = error.message.indexOf(': ');
  const rest = /^\d{3}: /.test(error.message) ? error.message.slice(separator + 2) : error.message;
  try {
    const parsed: unknown = JSON.parse(rest);
    if (parsed && typeof parsed === 'object' && 'message' in parsed && typeof parsed.message === 'string') {
      return parsed.message;
    }
  } catch {
    // Not JSON: a proxy error page or a plain-text body is shown as it is.
  }
  return rest;
}
