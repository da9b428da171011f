ALTER TABLE "orders" ADD COLUMN "time_in_force" text DEFAULT 'GTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "post_only" boolean DEFAULT false NOT NULL;