CREATE TABLE `denied_nicks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`whitelist_id` text NOT NULL,
	`nick` text NOT NULL,
	`nick_key` text NOT NULL,
	`uuid` text,
	`reason` text,
	`denied_by` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`whitelist_id`) REFERENCES `whitelists`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `denied_nicks_whitelist_nick_key` ON `denied_nicks` (`whitelist_id`,`nick_key`);--> statement-breakpoint
CREATE INDEX `denied_nicks_whitelist_uuid` ON `denied_nicks` (`whitelist_id`,`uuid`);--> statement-breakpoint
ALTER TABLE `entries` ADD `expires_at` integer;--> statement-breakpoint
ALTER TABLE `entries` ADD `name_checked_at` integer;--> statement-breakpoint
CREATE INDEX `entries_expires` ON `entries` (`expires_at`);--> statement-breakpoint
ALTER TABLE `whitelists` ADD `on_role_loss` text DEFAULT 'remove' NOT NULL;--> statement-breakpoint
ALTER TABLE `whitelists` ADD `role_limits` text DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE `whitelists` ADD `entry_lifetime_seconds` integer;