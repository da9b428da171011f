import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, errorMessage, getQueryFn, newestOf } from '@/client/lib/api';

function respond(status: number, body: string, statusText = '') {
  return vi.fn(async (_url: string, _init?: RequestInit) => new Response(body || null, { status, statusText }));
}

afterEach(() => vi.unstubAllGlobals());

describe('apiRequest', () => {
  it('sends JSON with credentials', async () => {
    const fetchMock = respond(200, '{}');
    vi.stubGlobal('fetch', fetchMock);
    await apiRequest('POST', '/api/credits/purchase', { quantity: 3 });
    expect(fetchMock).toHaveBeenCalledWith('/api/credits/purchase', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"quantity":3}',
      credentials: 'include',
    });
  });

  it('sends no content type without a body', async () => {
    const fetchMock = respond(200, '{}');
    vi.stubGlobal('fetch', fetchMock);
    await apiRequest('PATCH', '/api/trading/orders/1/cancel');
    expect(fetchMock.mock.calls[0][1]).toMatchObject({ headers: {}, body: undefined, credentials: 'include' });
  });

  it('throws "status: body" on a non-2xx answer', async () => {
    vi.stubGlobal('fetch', respond(409, '{"message":"The price changed"}'));
    await expect(apiRequest('POST', '/x', {})).rejects.toThrow('409: {"message":"The price changed"}');
  });

  it('uses the status text when the body is empty', async () => {
    vi.stubGlobal('fetch', respond(502, '', 'Bad Gateway'));
    await expect(apiRequest('GET', '/x')).rejects.toThrow('502: Bad Gateway');
  });
});

describe('getQueryFn', () => {
  const context = (queryKey: unknown[]) => ({ queryKey, signal: new AbortController().signal }) as never;

  it('GETs the joined query key', async () => {
    const fetchMock = respond(200, '{"buyOrders":[]}');
    vi.stubGlobal('fetch', fetchMock);
    await expect(getQueryFn({ on401: 'throw' })(context(['/api/trading/orderbook', 7]))).resolves.toEqual({ buyOrders: [] });
    expect(fetchMock.mock.calls[0][0]).toBe('/api/trading/orderbook/7');
  });

  it('turns a 401 into null only when asked to', async () => {
    vi.stubGlobal('fetch', respond(401, '{"message":"Not signed in"}'));
    await expect(getQueryFn({ on401: 'returnNull' })(context(['/api/auth/user']))).resolves.toBeNull();
    await expect(getQueryFn({ on401: 'throw' })(context(['/api/auth/user']))).rejects.toThrow('401: ');
  });
});

describe('errorMessage', () => {
  it('extracts the server message for a toast', () => {
    expect(errorMessage(new Error('422: {"message":"Insufficient cash balance"}'))).toBe('Insufficient cash balance');
  });

  it('falls back to the raw text', () => {
    expect(errorMessage(new Error('502: Bad Gateway'))).toBe('Bad Gateway');
    expect(errorMessage(new Error('Failed to fetch'))).toBe('Failed to fetch');
    expect(errorMessage('boom')).toBe('boom');
  });
});

describe('newestOf', () => {
  it('asks for the newest rows with ?limit= under a key that the list\'s own key prefixes', async () => {
    const fetchMock = respond(200, '[{"id":3}]');
    vi.stubGlobal('fetch', fetchMock);
    const query = newestOf<{ id: number }>('/api/credits/my', 3);
    // A refresh of ['/api/credits/my'] (a purchase, a trade, a retirement) matches this key by its prefix.
    expect(query.queryKey).toEqual(['/api/credits/my', { limit: 3 }]);
    expect(await query.queryFn({ signal: new AbortController().signal })).toEqual([{ id: 3 }]);
    expect(fetchMock.mock.calls[0][0]).toBe('/api/credits/my?limit=3');
  });

  it('answers null when signed out (401) and throws on any other failure', async () => {
    vi.stubGlobal('fetch', respond(401, '{"message":"Not signed in"}'));
    expect(await newestOf('/api/transactions/my', 3).queryFn({ signal: new AbortController().signal })).toBeNull();
    vi.stubGlobal('fetch', respond(503, 'down'));
    await expect(newestOf('/api/transactions/my', 3).queryFn({ signal: new AbortController().signal })).rejects.toThrow('503: down');
  });
});
