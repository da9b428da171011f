DROP INDEX "chain_journal_status_idx";--> statement-breakpoint
ALTER TABLE "chain_journal" ALTER COLUMN "raw_transaction" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "chain_journal" ALTER COLUMN "tx_hash" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "chain_journal" ALTER COLUMN "status" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "anchor_error" text;--> statement-breakpoint
ALTER TABLE "chain_journal" ADD COLUMN "source" text NOT NULL;--> statement-breakpoint
ALTER TABLE "chain_journal" ADD COLUMN "block_timestamp" bigint NOT NULL;--> statement-breakpoint
ALTER TABLE "chain_journal" ADD COLUMN "certificate_id" text;--> statement-breakpoint
ALTER TABLE "holdings" ADD COLUMN "anchor_error" text;--> statement-breakpoint
CREATE INDEX "certificates_unanchored_idx" ON "certificates" USING btree ("holding_id") WHERE "certificates"."chain_tx_hash" is null;--> statement-breakpoint
CREATE INDEX "chain_journal_source_idx" ON "chain_journal" USING btree ("source","id");--> statement-breakpoint
CREATE INDEX "chain_journal_tx_hash_idx" ON "chain_journal" USING btree ("tx_hash");--> statement-breakpoint
CREATE INDEX "holdings_parent_idx" ON "holdings" USING btree ("parent_holding_id");--> statement-breakpoint
CREATE INDEX "holdings_unanchored_idx" ON "holdings" USING btree ("id") WHERE "holdings"."token_id" is null;--> statement-breakpoint
ALTER TABLE "chain_journal" DROP COLUMN "payload";--> statement-breakpoint
ALTER TABLE "chain_journal" DROP COLUMN "attempts";--> statement-breakpoint
ALTER TABLE "chain_journal" DROP COLUMN "last_error";--> statement-breakpoint
ALTER TABLE "chain_journal" DROP COLUMN "updated_at";