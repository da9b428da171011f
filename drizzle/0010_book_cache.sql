CREATE TABLE "book_versions" (
	"project_id" integer PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
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
CREATE INDEX "orders_live_idx" ON "orders" USING btree ("project_id","order_type","price_cents","sequence") WHERE "orders"."status" in ('open', 'partially_filled');