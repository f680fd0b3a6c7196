CREATE TABLE "dashboard_sessions" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"user_name" text NOT NULL,
	"locale" text,
	"guilds" jsonb NOT NULL,
	"guilds_at" bigint NOT NULL,
	"csrf" text NOT NULL,
	"discord_tokens" text NOT NULL,
	"created_at" bigint NOT NULL,
	"last_seen_at" bigint NOT NULL,
	"expires_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "registration_requests" ADD COLUMN "decision_reason" text;--> statement-breakpoint
CREATE INDEX "dashboard_sessions_user" ON "dashboard_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "dashboard_sessions_expires" ON "dashboard_sessions" USING btree ("expires_at");