import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Executor } from '@/server/db/client';
import { preparedStatements } from '@/server/db/statement-runner';

/** An executor shaped like PGlite under drizzle: records each simple-protocol message and answers one result per statement. */
function recordingExecutor() {
  const messages: string[] = [];
  const client = {
    async exec(text: string) {
      messages.push(text);
      return text.split(';').filter((part) => part.trim() !== '').map((part) => ({ rows: part.includes('execute') ? [{ answer: 42 }] : [] }));
    },
  };
  const executor = { session: { client }, execute: async () => ({ rows: [{ found: true }] }) } as unknown as Executor;
  return { executor, messages };
}

describe('prepared hot-path statements on the embedded database', () => {
  it('runs every execution on a generic plan made with seq scans off, and drops cached plans after 64, 128 and 256 executions', async () => {
    const { executor, messages } = recordingExecutor();
    const run = preparedStatements();
    for (let i = 0; i < 300; i++) {
      const result = await run(executor, sql`select id from holdings where id = ${i}`);
      expect(result).toEqual({ rows: [{ answer: 42 }] });
    }
    expect(messages).toHaveLength(300);
    expect(messages.every((message) => message.includes('set enable_seqscan = off;set plan_cache_mode = force_generic_plan;execute trading_')
      && message.endsWith(';reset enable_seqscan;reset plan_cache_mode;'))).toBe(true);
    const replans = messages.flatMap((message, index) => (message.startsWith('discard plans;') ? [index + 1] : []));
    expect(replans).toEqual([64, 128, 256]);
  });
});
