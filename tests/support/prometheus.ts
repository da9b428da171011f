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

/**
 * The problems `promtool check metrics` reports for an exposition, for the rules it applies (promtool is not installed
 * here): every family has HELP and TYPE; counters end in `_total` and nothing else does; `quantile` is a summary's
 * label and `le` a histogram's, nobody else's; names are snake_case and use base units (seconds, bytes).
 */
export function lintMetrics(text: string): string[] {
  const problems: string[] = [];
  const types = new Map<string, string>();
  const helps = new Set<string>();
  for (const line of text.split('\n')) {
    const meta = /^# (HELP|TYPE) (\S+) ?(.*)$/.exec(line);
    if (meta) {
      if (meta[1] === 'TYPE') types.set(meta[2], meta[3]);
      else helps.add(meta[2]);
    }
  }
  for (const [name, type] of types) {
    if (!helps.has(name)) problems.push(`${name}: no help text`);
    if (!/^[a-z_:][a-z0-9_:]*$/.test(name)) problems.push(`${name}: not snake_case`);
    if (type === 'counter' && !name.endsWith('_total')) problems.push(`${name}: counter metrics should have "_total" suffix`);
    if (type !== 'counter' && name.endsWith('_total')) problems.push(`${name}: non-counter metrics should not have "_total" suffix`);
    const unit = /_(milliseconds|microseconds|nanoseconds|minutes|hours|days|ms|kilobytes|megabytes|gigabytes|percent)(_|$)/.exec(name);
    if (unit) problems.push(`${name}: use base unit (seconds, bytes, ratio) instead of "${unit[1]}"`);
  }
  const familyOf = (sample: string) => {
    for (const suffix of ['_bucket', '_sum', '_count', '']) {
      const family = suffix && sample.endsWith(suffix) ? sample.slice(0, -suffix.length) : sample;
      if (types.has(family)) return family;
    }
    return sample;
  };
  for (const line of text.split('\n')) {
    const sample = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{([^}]*)\})? /.exec(line);
    if (!sample) continue;
    const family = familyOf(sample[1]);
    const type = types.get(family);
    if (!type) problems.push(`${sample[1]}: sample without TYPE`);
    const labels = [...(sample[3] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="/g)].map((match) => match[1]);
    if (labels.includes('quantile') && type !== 'summary') problems.push(`${family}: non-summary metrics should not have "quantile" label`);
    if (labels.includes('le') && type !== 'histogram') problems.push(`${family}: non-histogram metrics should not have "le" label`);
  }
  return [...new Set(problems)];
}
