import { EventEmitter } from 'node:events';

export type MarketEvent =
  | { type: 'catalogue' }
  | { type: 'project'; projectId: number }
  | { type: 'user'; userId: number }
  /** A webhook endpoint was added: deliveries may now be due (see WebhookWorker). */
  | { type: 'webhooks' }
  /** An alert rule was made on this project: its commits now need evaluating (see AlertWorker). */
  | { type: 'alert-rules'; projectId: number };

/**
 * In-process fan-out of "something changed" notices: caches drop their entries and live views
 * (server-sent events) refresh. With PostgreSQL a bridge relays them between processes.
 */
export class MarketEvents {
  private readonly emitter = new EventEmitter();
  constructor() {
    this.emitter.setMaxListeners(0);
  }
  publish(event: MarketEvent): void {
    this.emitter.emit('event', event);
  }
  subscribe(listener: (event: MarketEvent) => void): () => void {
    this.emitter.on('event', listener);
    return () => this.emitter.off('event', listener);
  }
}
