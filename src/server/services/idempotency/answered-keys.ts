/** How long a key learnt from a refused insert is trusted: its real expiry is unknown here, the database knows it. */
const LEARNT_TTL_MS = 60_000;

/**
 * This process's memory of keys whose answers are stored, so that a retry is refused before any work without a
 * database lookup. It is only a shortcut: a key it does not know (answered by another instance, before a restart, or
 * evicted) still cannot run twice, because the answer's insert in the work's own transaction fails on it
 * (`isAnswerKeyTaken`), which rolls the work back. Bounded: the oldest entries go first.
 */
export class AnsweredKeys {
  private readonly expiresAtMs = new Map<string, number>();

  constructor(private readonly capacity = 100_000) {}

  has(slot: string, now: Date): boolean {
    const expiresAtMs = this.expiresAtMs.get(slot);
    if (expiresAtMs === undefined) return false;
    if (expiresAtMs > now.getTime()) return true;
    this.expiresAtMs.delete(slot);
    return false;
  }

  /** Keys whose answers this process just committed, valid until `expiresAt`. */
  remember(slots: Iterable<string>, expiresAt: Date): void {
    for (const slot of slots) {
      this.expiresAtMs.delete(slot);
      this.expiresAtMs.set(slot, expiresAt.getTime());
    }
    for (const oldest of this.expiresAtMs.keys()) {
      if (this.expiresAtMs.size <= this.capacity) break;
      this.expiresAtMs.delete(oldest);
    }
  }

  /** Keys the database refused: answered elsewhere. */
  learn(slots: Iterable<string>, now: Date): void {
    this.remember(slots, new Date(now.getTime() + LEARNT_TTL_MS));
  }
}
