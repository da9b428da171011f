import type { RandomSource } from '@/domain/mrv/seeded-random';

/** A write the server acknowledged (2xx), with the ids that must still be in the database after any crash. */
export type AcknowledgedWrite =
  | { kind: 'account'; userId: number; email: string }
  | { kind: 'purchase'; userId: number; holdingId: number; projectId: number }
  | { kind: 'order'; userId: number; orderId: number; quantity: number }
  | { kind: 'retirement'; userId: number; certificateId: string };

interface Account { userId: number; email: string; cookie: string; holdingIds: number[] }
interface ProjectRef { id: number; pricePerCredit: string }

const REASON = 'Crash-safety workload';

/**
 * A seeded mixed workload over HTTP: purchases, buy-and-retire, limit orders on both sides and partial retirements,
 * from a few accounts at once. It records every acknowledged write; a request cut by a crash has no answer and is
 * not counted (it may or may not have happened: only what the client was told happened must survive).
 */
export class CrashWorkload {
  readonly acknowledged: AcknowledgedWrite[] = [];
  /** 5xx answers: a crash cuts requests off, it never makes the server answer 500, so this must stay empty. */
  readonly serverErrors: string[] = [];
  private accounts: Account[] = [];
  private projects: ProjectRef[] = [];

  constructor(private readonly random: RandomSource) {}

  /** Signs up the accounts and reads the catalogue (on a running server). */
  async prepare(baseUrl: string, accountCount: number): Promise<void> {
    this.projects = ((await (await fetch(`${baseUrl}/api/projects`)).json()) as ProjectRef[]).slice(0, 6);
    for (let i = 0; i < accountCount; i++) {
      const email = `crash-${i}-${Math.floor(this.random() * 1e9)}@example.com`;
      const response = await fetch(`${baseUrl}/api/auth/register`, {
        method: 'POST', headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'crash test password', firstName: `Crash ${i}` }),
      });
      if (response.status !== 201) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
      const userId = ((await response.json()) as { id: number }).id;
      const cookie = String(response.headers.get('set-cookie')).split(';')[0];
      this.accounts.push({ userId, email, cookie, holdingIds: [] });
      this.acknowledged.push({ kind: 'account', userId, email });
    }
  }

  /** Runs `workers` loops against the server until a request fails to get an answer (the server died). */
  run(baseUrl: string, workers: number): Promise<void> {
    return Promise.all(Array.from({ length: workers }, () => this.loop(baseUrl))).then(() => undefined);
  }

  private async loop(baseUrl: string): Promise<void> {
    for (;;) {
      try {
        await this.step(baseUrl);
      } catch {
        return;
      }
    }
  }

  private async step(baseUrl: string): Promise<void> {
    const account = this.pick(this.accounts);
    const project = this.pick(this.projects);
    const roll = this.random();
    const quantity = 1 + Math.floor(this.random() * 5);
    if (roll < 0.4 || account.holdingIds.length === 0) {
      const body = await this.post(baseUrl, account, '/api/credits/purchase', { projectId: project.id, quantity, pricePerCredit: project.pricePerCredit });
      if (body) this.recordPurchase(account, project, body as { credit: { id: number } });
    } else if (roll < 0.5) {
      const body = await this.post(baseUrl, account, '/api/credits/purchase', {
        projectId: project.id, quantity, pricePerCredit: project.pricePerCredit, retireImmediately: true, reason: REASON,
      });
      if (body) this.acknowledged.push({ kind: 'retirement', userId: account.userId, certificateId: (body as { certificateId: string }).certificateId });
    } else if (roll < 0.8) {
      const orderType = this.random() < 0.5 ? 'buy' : 'sell';
      const cents = Math.round(Number(project.pricePerCredit) * 100) + (orderType === 'buy' ? -1 : 1) * Math.floor(this.random() * 3);
      const body = await this.post(baseUrl, account, '/api/trading/orders', { projectId: project.id, orderType, quantity, pricePerCredit: (cents / 100).toFixed(2) });
      if (body) this.acknowledged.push({ kind: 'order', userId: account.userId, orderId: (body as { order: { id: number } }).order.id, quantity });
    } else {
      const holdingId = this.pick(account.holdingIds);
      const body = await this.post(baseUrl, account, `/api/credits/${holdingId}/retire`, { reason: REASON, quantity: 1 });
      if (body) this.acknowledged.push({ kind: 'retirement', userId: account.userId, certificateId: (body as { certificateId: string }).certificateId });
    }
  }

  private recordPurchase(account: Account, project: ProjectRef, body: { credit: { id: number } }) {
    account.holdingIds.push(body.credit.id);
    this.acknowledged.push({ kind: 'purchase', userId: account.userId, holdingId: body.credit.id, projectId: project.id });
  }

  /** The answer's JSON when 2xx, null for a refusal (4xx: insufficient credits, a crossed order…); throws without an answer. */
  private async post(baseUrl: string, account: Account, url: string, payload: unknown): Promise<unknown> {
    const response = await fetch(`${baseUrl}${url}`, {
      method: 'POST', headers: { 'content-type': 'application/json', cookie: account.cookie }, body: JSON.stringify(payload),
    });
    const text = await response.text();
    if (response.status >= 500) this.serverErrors.push(`${url}: ${response.status} ${text}`);
    return response.ok ? JSON.parse(text) : null;
  }

  private pick<T>(items: T[]): T {
    return items[Math.floor(this.random() * items.length)];
  }
}
