import { mulberry32 } from '@/domain/mrv/seeded-random';

/** One HTTP client of the cluster: a signed-up account, its cookie, and what it knows about its own objects. */
export interface ClusterUser {
  cookie: string;
  orderIds: number[];
  holdingIds: number[];
}

export type Operation =
  | { kind: 'purchase'; user: number; project: number; quantity: number }
  | { kind: 'limit'; user: number; project: number; side: 'buy' | 'sell'; quantity: number; priceOffsetCents: number }
  | { kind: 'cancel'; user: number }
  | { kind: 'market'; user: number; project: number; side: 'buy' | 'sell'; quantity: number }
  | { kind: 'swap'; user: number; side: 'buy' | 'sell' }
  | { kind: 'retire'; user: number };

/** A seeded mix: purchases, crossing limit orders, cancels, market orders (book and pool), swaps, partial retirements. */
export function planWorkload(seed: number, count: number, users: number, projects: number): Operation[] {
  const next = mulberry32(seed);
  const below = (n: number) => Math.floor(next() * n);
  return Array.from({ length: count }, (): Operation => {
    const user = below(users);
    const project = below(projects);
    const side = next() < 0.5 ? 'buy' : 'sell';
    const roll = next();
    if (roll < 0.25) return { kind: 'purchase', user, project, quantity: 1 + below(5) };
    if (roll < 0.5) return { kind: 'limit', user, project, side, quantity: 1 + below(4), priceOffsetCents: below(21) - 10 };
    if (roll < 0.6) return { kind: 'cancel', user };
    if (roll < 0.72) return { kind: 'market', user, project, side, quantity: 1 + below(3) };
    if (roll < 0.85) return { kind: 'swap', user, side };
    return { kind: 'retire', user };
  });
}

/** The HTTP request of one operation, or null when the user has nothing it needs (no open order, no holding). */
export function requestFor(operation: Operation, users: ClusterUser[], projects: { id: number; priceCents: number }[]): { method: string; path: string; body?: unknown } | null {
  const user = users[operation.user];
  const project = projects[operation.kind === 'swap' ? 0 : (operation as { project: number }).project];
  switch (operation.kind) {
    case 'purchase':
      return { method: 'POST', path: '/api/credits/purchase', body: { projectId: project.id, quantity: operation.quantity, pricePerCredit: (project.priceCents / 100).toFixed(2) } };
    case 'limit':
      return { method: 'POST', path: '/api/trading/orders', body: { projectId: project.id, orderType: operation.side, quantity: operation.quantity, pricePerCredit: ((project.priceCents + operation.priceOffsetCents) / 100).toFixed(2) } };
    case 'cancel': {
      const orderId = user.orderIds.pop();
      return orderId === undefined ? null : { method: 'PATCH', path: `/api/trading/orders/${orderId}/cancel` };
    }
    case 'market':
      return { method: 'POST', path: '/api/trading/market-order', body: { projectId: project.id, orderType: operation.side, quantity: operation.quantity } };
    case 'swap':
      return { method: 'POST', path: '/api/trading/swap', body: { projectId: project.id, side: operation.side, quantity: 1, ...(operation.side === 'buy' ? { maxAmountIn: '1000.00' } : { minAmountOut: '0.01' }) } };
    case 'retire': {
      const holdingId = user.holdingIds[Math.floor(user.holdingIds.length / 2)];
      return holdingId === undefined ? null : { method: 'POST', path: `/api/credits/${holdingId}/retire`, body: { reason: 'cluster test', quantity: 1 } };
    }
  }
}
