CREATE TABLE `form_answers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`guild_id` text NOT NULL,
	`whitelist_id` text NOT NULL,
	`user_id` text NOT NULL,
	`request_id` text,
	`entry_id` integer,
	`answers` text NOT NULL,
	`created_at` integer NOT NULL,
	`closed_at` integer,
	FOREIGN KEY (`whitelist_id`) REFERENCES `whitelists`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`request_id`) REFERENCES `registration_requests`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`entry_id`) REFERENCES `entries`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `form_answers_guild_user` ON `form_answers` (`guild_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `form_answers_request` ON `form_answers` (`request_id`);--> statement-breakpoint
CREATE INDEX `form_answers_entry` ON `form_answers` (`entry_id`);--> statement-breakpoint
CREATE INDEX `form_answers_closed` ON `form_answers` (`closed_at`);--> statement-breakpoint
ALTER TABLE `guilds` ADD `form_retention_days` integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE `whitelists` ADD `form` text DEFAULT '[]' NOT NULL;