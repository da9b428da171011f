CREATE TABLE "audit_anchors" (
	"id" serial PRIMARY KEY NOT NULL,
	"seq" bigint NOT NULL,
	"hash" text NOT NULL,
	"chain_id" integer NOT NULL,
	"tx_hash" text NOT NULL,
	"block_number" bigint NOT NULL,
	"anchored_at" timestamp with time zone NOT NULL,
	CONSTRAINT "audit_anchors_seq_unique" UNIQUE("seq")
);
