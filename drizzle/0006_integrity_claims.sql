ALTER TABLE "certificates" ADD COLUMN "content_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "claim_purpose" text;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "claim_period_start" text;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "claim_period_end" text;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "claim_country" text;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "claim_subdivision" text;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "integrity" jsonb;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "ccp_label" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "corsia" text DEFAULT 'not_eligible' NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "article6" text DEFAULT 'not_authorised' NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "corresponding_adjustment" text DEFAULT 'not_applicable' NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "category" text DEFAULT 'reduction' NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "buffer_pool_percent" integer;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "rating" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "rating_on_watch" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "integrity_demo_data" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "certificates_retired_idx" ON "certificates" USING btree ("retired_at","id");