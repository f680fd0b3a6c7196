CREATE TABLE `linked_accounts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`guild_id` text NOT NULL,
	`user_id` text NOT NULL,
	`uuid` text NOT NULL,
	`name` text NOT NULL,
	`method` text NOT NULL,
	`linked_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `linked_accounts_guild_uuid` ON `linked_accounts` (`guild_id`,`uuid`);--> statement-breakpoint
CREATE INDEX `linked_accounts_guild_user` ON `linked_accounts` (`guild_id`,`user_id`);--> statement-breakpoint
CREATE TABLE `proof_attempts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `proof_attempts_user` ON `proof_attempts` (`user_id`,`at`);--> statement-breakpoint
CREATE INDEX `proof_attempts_at` ON `proof_attempts` (`at`);--> statement-breakpoint
CREATE TABLE `proof_codes` (
	`code_hash` text PRIMARY KEY NOT NULL,
	`uuid` text NOT NULL,
	`name` text NOT NULL,
	`method` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`used_by` text,
	`used_in` text
);
--> statement-breakpoint
CREATE INDEX `proof_codes_expires` ON `proof_codes` (`expires_at`);--> statement-breakpoint
ALTER TABLE `entries` ADD `verified` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `whitelists` ADD `proof` text DEFAULT 'off' NOT NULL;