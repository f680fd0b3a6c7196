ALTER TABLE "entries" ADD COLUMN "proof_due_at" bigint;--> statement-breakpoint
ALTER TABLE "proof_codes" ADD COLUMN "guild_id" text;--> statement-breakpoint
ALTER TABLE "proof_codes" ADD COLUMN "user_id" text;--> statement-breakpoint
ALTER TABLE "whitelists" ADD COLUMN "proof_window_seconds" integer DEFAULT 86400 NOT NULL;--> statement-breakpoint
CREATE INDEX "entries_proof_due" ON "entries" USING btree ("proof_due_at");