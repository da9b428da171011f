ALTER TABLE "orders" ADD COLUMN "stop_price_cents" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "stop_market" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "triggered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "self_trade_prevention" text DEFAULT 'cancel_newest' NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_pending_stops_idx" ON "orders" USING btree ("project_id") WHERE "orders"."status" = 'pending_trigger';