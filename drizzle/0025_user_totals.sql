DROP INDEX "holdings_user_idx";--> statement-breakpoint
CREATE INDEX "holdings_user_totals_idx" ON "holdings" USING btree ("user_id","status","project_id","quantity");--> statement-breakpoint
CREATE INDEX "orders_user_live_idx" ON "orders" USING btree ("user_id","project_id") WHERE "orders"."status" in ('open', 'partially_filled', 'pending_trigger');