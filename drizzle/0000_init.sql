CREATE TABLE `entries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`whitelist_id` text NOT NULL,
	`nick` text NOT NULL,
	`nick_key` text NOT NULL,
	`uuid` text,
	`premium` integer NOT NULL,
	`user_id` text NOT NULL,
	`added_by` text NOT NULL,
	`origin` text NOT NULL,
	`granted_role_ids` text DEFAULT '[]' NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`whitelist_id`) REFERENCES `whitelists`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `entries_whitelist_nick_key` ON `entries` (`whitelist_id`,`nick_key`);--> statement-breakpoint
CREATE INDEX `entries_user` ON `entries` (`user_id`);--> statement-breakpoint
CREATE TABLE `events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`guild_id` text NOT NULL,
	`whitelist_id` text NOT NULL,
	`type` text NOT NULL,
	`payload` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `events_guild_id` ON `events` (`guild_id`,`id`);--> statement-breakpoint
CREATE INDEX `events_created` ON `events` (`created_at`);--> statement-breakpoint
CREATE TABLE `guilds` (
	`id` text PRIMARY KEY NOT NULL,
	`log_channel_id` text,
	`command_hash` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `link_keys` (
	`id` text PRIMARY KEY NOT NULL,
	`guild_id` text NOT NULL,
	`name` text NOT NULL,
	`whitelist_id` text,
	`key_hash` text NOT NULL,
	`created_by` text NOT NULL,
	`created_at` integer NOT NULL,
	`last_used_at` integer,
	`revoked_at` integer,
	`webhook_url` text,
	`webhook_secret` text,
	`webhook_last_status` integer,
	`webhook_last_error` text,
	`webhook_last_duration_ms` integer,
	`webhook_last_at` integer,
	FOREIGN KEY (`guild_id`) REFERENCES `guilds`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `link_keys_hash` ON `link_keys` (`key_hash`);--> statement-breakpoint
CREATE INDEX `link_keys_guild` ON `link_keys` (`guild_id`);--> statement-breakpoint
CREATE TABLE `whitelists` (
	`id` text PRIMARY KEY NOT NULL,
	`guild_id` text NOT NULL,
	`name` text NOT NULL,
	`name_key` text NOT NULL,
	`channel_id` text NOT NULL,
	`nick_type` text NOT NULL,
	`registration_mode` text NOT NULL,
	`max_nicks_per_user` integer DEFAULT 1 NOT NULL,
	`enabled` integer DEFAULT true NOT NULL,
	`remove_on_leave` integer DEFAULT true NOT NULL,
	`required_role_ids` text DEFAULT '[]' NOT NULL,
	`granted_role_ids` text DEFAULT '[]' NOT NULL,
	`manager_role_ids` text DEFAULT '[]' NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`guild_id`) REFERENCES `guilds`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `whitelists_guild_name_key` ON `whitelists` (`guild_id`,`name_key`);