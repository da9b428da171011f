CREATE TABLE "anchoring_intents" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"holding_ids" integer[] NOT NULL,
	"custody_nonce" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "anchoring_intents_nonce_idx" ON "anchoring_intents" USING btree ("custody_nonce");