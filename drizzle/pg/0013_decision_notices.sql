CREATE TABLE "decision_notices" (
	"request_id" text PRIMARY KEY NOT NULL,
	"actor_id" text NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "decision_notices" ADD CONSTRAINT "decision_notices_request_id_registration_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."registration_requests"("id") ON DELETE cascade ON UPDATE no action;