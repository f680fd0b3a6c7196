CREATE TABLE "member_nicknames" (
	"guild_id" text NOT NULL,
	"user_id" text NOT NULL,
	"original" text,
	"applied" text,
	"released" boolean DEFAULT false NOT NULL,
	"failure" text,
	"updated_at" bigint NOT NULL,
	CONSTRAINT "member_nicknames_guild_id_user_id_pk" PRIMARY KEY("guild_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "denied_nicks" ADD COLUMN "banned_user_id" text;--> statement-breakpoint
ALTER TABLE "entries" ADD COLUMN "guest" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "entries" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "guilds" ADD COLUMN "ban_sync" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "whitelists" ADD COLUMN "nickname_template" text;--> statement-breakpoint
CREATE INDEX "denied_nicks_banned_user" ON "denied_nicks" USING btree ("banned_user_id");