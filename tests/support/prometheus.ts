import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { getMetricsFromStream, type PromMetrics } from 'prom2javascript';

/** GET /metrics, parsed by a Prometheus text-format parser (a malformed exposition fails the calling test). */
export async function scrapeMetrics(app: FastifyInstance, headers: Record<string, string> = {}): Promise<PromMetrics> {
  const response = await app.inject({ method: 'GET', url: '/metrics', headers });
  if (response.statusCode !== 200) throw new Error(`/metrics answered ${response.statusCode}: ${response.body}`);
  return parseMetrics(response.body);
}

export function parseMetrics(text: string): Promise<PromMetrics> {
  return getMetricsFromStream(Readable.from([text]));
}

/** The value of the sample whose labels include `labels` (a histogram's count); 0 when there is none. */
export function sampleValue(metrics: PromMetrics, name: string, labels: Record<string, string> = {}): number {
  const samples = (metrics[name]?.data ?? []) as Array<{ labels: Record<string, string>; value?: number; count?: number }>;
  const sample = samples.find((candidate) => Object.entries(labels).every(([key, value]) => candidate.labels[key] === value));
  return sample ? Number(sample.value ?? sample.count) : 0;
}
