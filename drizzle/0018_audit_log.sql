CREATE TABLE "audit_entries" (
	"seq" bigint PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"person_id" integer,
	"account_id" integer,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"request_id" text,
	"ip" text,
	"user_agent" text,
	"api_key_id" integer,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_head" (
	"id" integer PRIMARY KEY NOT NULL,
	"seq" bigint NOT NULL,
	"hash" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_entries_account_seq_idx" ON "audit_entries" USING btree ("account_id","seq");--> statement-breakpoint
-- hand-written
-- The chain's one head row, from the genesis hash: every append locks and moves it.
INSERT INTO "audit_head" ("id", "seq", "hash") VALUES (1, 0, '0000000000000000000000000000000000000000000000000000000000000000') ON CONFLICT DO NOTHING;
-- hand-written
