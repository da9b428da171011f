CREATE TABLE "anchoring_terms" (
	"id" smallint PRIMARY KEY NOT NULL,
	"term" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "anchoring_intents" ADD COLUMN "term" bigint;--> statement-breakpoint
ALTER TABLE "anchoring_intents" ADD COLUMN "tx_hash" text;