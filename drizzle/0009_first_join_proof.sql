ALTER TABLE `entries` ADD `proof_due_at` integer;--> statement-breakpoint
CREATE INDEX `entries_proof_due` ON `entries` (`proof_due_at`);--> statement-breakpoint
ALTER TABLE `proof_codes` ADD `guild_id` text;--> statement-breakpoint
ALTER TABLE `proof_codes` ADD `user_id` text;--> statement-breakpoint
ALTER TABLE `whitelists` ADD `proof_window_seconds` integer DEFAULT 86400 NOT NULL;