CREATE TABLE "leader_lease" (
	"name" text PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"epoch" bigint NOT NULL,
	"pid" integer NOT NULL,
	"backend_start" text NOT NULL,
	"expires_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox_done" (
	"event_id" bigint NOT NULL,
	"effect" text NOT NULL,
	CONSTRAINT "outbox_done_event_id_effect_pk" PRIMARY KEY("event_id","effect")
);
