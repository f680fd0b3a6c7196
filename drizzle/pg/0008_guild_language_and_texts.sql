CREATE TABLE "guild_texts" (
	"guild_id" text NOT NULL,
	"key" text NOT NULL,
	"text" text NOT NULL,
	"updated_by" text NOT NULL,
	"updated_at" bigint NOT NULL,
	CONSTRAINT "guild_texts_guild_id_key_pk" PRIMARY KEY("guild_id","key")
);
--> statement-breakpoint
ALTER TABLE "guilds" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "guild_texts" ADD CONSTRAINT "guild_texts_guild_id_guilds_id_fk" FOREIGN KEY ("guild_id") REFERENCES "public"."guilds"("id") ON DELETE cascade ON UPDATE no action;