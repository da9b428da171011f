CREATE TABLE "alert_notifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"rule_id" integer,
	"occurrence" text NOT NULL,
	"kind" text NOT NULL,
	"project_id" integer NOT NULL,
	"project_name" text NOT NULL,
	"message" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "alert_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"created_by" integer,
	"project_id" integer NOT NULL,
	"kind" text NOT NULL,
	"threshold_cents" bigint,
	"armed" boolean DEFAULT true NOT NULL,
	"observed" text,
	"fired_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alert_notifications" ADD CONSTRAINT "alert_notifications_account_id_users_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_notifications" ADD CONSTRAINT "alert_notifications_rule_id_alert_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."alert_rules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_rules" ADD CONSTRAINT "alert_rules_account_id_users_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_rules" ADD CONSTRAINT "alert_rules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_rules" ADD CONSTRAINT "alert_rules_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alert_notifications_occurrence_key" ON "alert_notifications" USING btree ("rule_id","occurrence");--> statement-breakpoint
CREATE INDEX "alert_notifications_account_idx" ON "alert_notifications" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "alert_notifications_unread_idx" ON "alert_notifications" USING btree ("account_id") WHERE "alert_notifications"."read_at" is null;--> statement-breakpoint
CREATE INDEX "alert_rules_project_idx" ON "alert_rules" USING btree ("project_id","id");--> statement-breakpoint
CREATE INDEX "alert_rules_account_idx" ON "alert_rules" USING btree ("account_id","id");