CREATE TABLE "agent_status" (
	"key_id" text PRIMARY KEY NOT NULL,
	"agent" text NOT NULL,
	"mode" text NOT NULL,
	"format" text,
	"applied" text,
	"drift" integer NOT NULL,
	"error" text,
	"error_at" bigint,
	"connected" boolean NOT NULL,
	"socket" text NOT NULL,
	"seen_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agent_status" ADD CONSTRAINT "agent_status_key_id_link_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."link_keys"("id") ON DELETE cascade ON UPDATE no action;