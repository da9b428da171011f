import { mulberry32 } from '../../src/domain/mrv/seeded-random';

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
