CREATE TABLE "member_roles" (
	"guild_id" text NOT NULL,
	"user_id" text NOT NULL,
	"role_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" bigint NOT NULL,
	CONSTRAINT "member_roles_guild_id_user_id_pk" PRIMARY KEY("guild_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "rank_mappings" (
	"whitelist_id" text NOT NULL,
	"role_id" text NOT NULL,
	"group_name" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" bigint NOT NULL,
	CONSTRAINT "rank_mappings_whitelist_id_role_id_group_name_pk" PRIMARY KEY("whitelist_id","role_id","group_name")
);
--> statement-breakpoint
ALTER TABLE "entries" ADD COLUMN "groups" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "rank_mappings" ADD CONSTRAINT "rank_mappings_whitelist_id_whitelists_id_fk" FOREIGN KEY ("whitelist_id") REFERENCES "public"."whitelists"("id") ON DELETE cascade ON UPDATE no action;