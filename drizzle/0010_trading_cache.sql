CREATE TABLE "project_versions" (
	"project_id" integer PRIMARY KEY NOT NULL,
	"book_version" bigint NOT NULL,
	"lots_version" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "holdings" DROP CONSTRAINT "holdings_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "holdings" DROP CONSTRAINT "holdings_project_id_projects_id_fk";
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_project_id_projects_id_fk";
--> statement-breakpoint
ALTER TABLE "trades" DROP CONSTRAINT "trades_project_id_projects_id_fk";
--> statement-breakpoint
ALTER TABLE "trades" DROP CONSTRAINT "trades_buyer_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "trades" DROP CONSTRAINT "trades_seller_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "transactions" DROP CONSTRAINT "transactions_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "transactions" DROP CONSTRAINT "transactions_project_id_projects_id_fk";
--> statement-breakpoint
DROP INDEX "orders_book_idx";--> statement-breakpoint
CREATE INDEX "orders_live_idx" ON "orders" USING btree ("project_id","order_type","price_cents","sequence") WHERE "orders"."status" in ('open', 'partially_filled');--> statement-breakpoint
-- Raised by a statement that finds its premise gone (a batch's expected balance moved): SQLSTATE 40001, so the
-- transaction is run again from the start, like a serialization failure.
CREATE FUNCTION ledger_assert(ok boolean, message text) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  IF NOT ok THEN RAISE EXCEPTION USING ERRCODE = '40001', MESSAGE = message; END IF;
  RETURN true;
END $$;
