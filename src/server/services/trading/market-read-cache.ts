import type { MarketEvents } from '@/server/services/market-events';

const MAX_ENTRIES = 2000;

/**
 * Public market reads (order book, trades, stats, candles) are fetched by every open trading screen after every
 * change, so each answer is computed once and shared until the project changes. Local changes drop entries at
 * once (so a request that follows a write reads the write); the short TTL bounds staleness in the rare case a
 * notice from another process is lost. Entries with no project (market-wide stats) drop on any project change.
 */
export class MarketReadCache {
  private readonly entries = new Map<string, { projectId: number | null; value: Promise<unknown>; loadedAtMs: number }>();

  constructor(events: MarketEvents, private readonly ttlMs = 1000, private readonly nowMs = () => Date.now()) {
    events.subscribe((event) => {
      if (event.type !== 'project') return;
      for (const [key, entry] of this.entries) {
        if (entry.projectId === null || entry.projectId === event.projectId) this.entries.delete(key);
      }
    });
  }

  get<T>(key: string, projectId: number | null, load: () => Promise<T>): Promise<T> {
    const cached = this.entries.get(key);
    if (cached && this.nowMs() - cached.loadedAtMs < this.ttlMs) return cached.value as Promise<T>;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    const value = load();
    const entry = { projectId, value, loadedAtMs: this.nowMs() };
    this.entries.set(key, entry);
    value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return value;
  }
}
