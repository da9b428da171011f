import http from 'node:http';
import https from 'node:https';
import { checkWebhookUrl, guardedLookup } from './webhook-url-guard';
import { signWebhook } from './sign-webhook';

export interface DeliveryAttempt {
  statusCode: number | null;
  latencyMs: number;
  error: string | null;
}

export interface OutgoingWebhook {
  url: string;
  secret: string;
  messageId: string;
  payload: string;
}

/**
 * One POST of a webhook with the Standard Webhooks headers. Redirects are not followed (a 3xx is a failed attempt),
 * the address is checked again as the socket connects, and the answer's body is drained and ignored.
 */
export function deliverWebhook(message: OutgoingWebhook, options: { allowPrivate: boolean; timeoutMs: number; now: Date }): Promise<DeliveryAttempt> {
  const startedAt = performance.now();
  const elapsed = () => Math.round(performance.now() - startedAt);
  return new Promise((resolve) => {
    let url: URL;
    try {
      url = checkWebhookUrl(message.url, options.allowPrivate);
    } catch (error) {
      resolve({ statusCode: null, latencyMs: 0, error: (error as Error).message });
      return;
    }
    const timestamp = Math.floor(options.now.getTime() / 1000);
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(url, {
      method: 'POST',
      lookup: guardedLookup(options.allowPrivate),
      timeout: options.timeoutMs,
      headers: {
        'content-type': 'application/json',
        'user-agent': 'carbon-marketplace-webhooks/1',
        'webhook-id': message.messageId,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': signWebhook(message.secret, message.messageId, timestamp, message.payload),
      },
    }, (response) => {
      response.resume();
      response.on('end', () => {
        const statusCode = response.statusCode ?? 0;
        resolve({ statusCode, latencyMs: elapsed(), error: statusCode >= 200 && statusCode < 300 ? null : `HTTP ${statusCode}` });
      });
      response.on('error', (error) => resolve({ statusCode: response.statusCode ?? null, latencyMs: elapsed(), error: error.message }));
    });
    request.on('timeout', () => request.destroy(new Error(`No answer within ${options.timeoutMs} ms`)));
    request.on('error', (error) => resolve({ statusCode: null, latencyMs: elapsed(), error: error.message }));
    request.end(message.payload);
  });
}
