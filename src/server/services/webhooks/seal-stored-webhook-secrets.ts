import { sql } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { rowsOf } from '@/server/db/sql-values';
import { isLegacyWebhookSecret, WebhookSecretBox, WebhookSecretUnreadableError } from './webhook-secret-box';

/**
 * Start-up work on the stored webhook secrets, run by every instance after the migrations. First a check that this
 * server's key opens a sealed secret (a wrong or lost WEBHOOK_SECRET_KEY stops the start with a message, instead of
 * failing every delivery later). Then the lazy upgrade of rows written before encryption at rest: each `whsec_…` in
 * the clear is sealed, compare-and-set, so instances starting together do each row once. Returns how many it sealed.
 */
export async function sealStoredWebhookSecrets(db: Database, box: WebhookSecretBox): Promise<number> {
  const [sample] = rowsOf<{ user_id: number; secret: string }>(await db.execute(sql`
    select user_id, secret from webhook_endpoints where secret like 'enc:%' order by id desc limit 1`));
  if (sample) {
    try {
      box.open(sample.secret, sample.user_id);
    } catch (error) {
      if (!(error instanceof WebhookSecretUnreadableError)) throw error;
      throw new Error('WEBHOOK_SECRET_KEY does not decrypt the stored webhook secrets: start with the key that encrypted them', { cause: error });
    }
  }
  const legacy = rowsOf<{ id: number; user_id: number; secret: string }>(await db.execute(sql`
    select id, user_id, secret from webhook_endpoints where secret not like 'enc:%'`));
  let sealed = 0;
  for (const row of legacy.filter((candidate) => isLegacyWebhookSecret(candidate.secret))) {
    sealed += rowsOf(await db.execute(sql`
      update webhook_endpoints set secret = ${box.seal(row.secret, row.user_id)} where id = ${row.id} and secret = ${row.secret} returning id`)).length;
  }
  return sealed;
}
