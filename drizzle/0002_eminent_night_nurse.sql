CREATE TABLE "anchoring_intents" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"holding_id" integer NOT NULL,
	"custody_nonce" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "anchoring_intents_holding_idx" ON "anchoring_intents" USING btree ("holding_id");