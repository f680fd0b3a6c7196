-- The SQLite schema every migration of drizzle/ leaves, as SQLite records it once they are replayed: a new
-- database is created from it in one step (src/db/migrations.ts). Written by `bun run db:baseline`; do not edit.
-- through 0017_decision_notices
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
	`created_at` integer NOT NULL, `gamertag` text, `xuid` text, `expires_at` integer, `name_checked_at` integer, `verified` integer DEFAULT false NOT NULL, `proof_due_at` integer, `guest` integer DEFAULT false NOT NULL, `note` text, `groups` text DEFAULT '[]' NOT NULL,
	FOREIGN KEY (`whitelist_id`) REFERENCES `whitelists`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `entries_whitelist_nick_key` ON `entries` (`whitelist_id`,`nick_key`);
--> statement-breakpoint
CREATE INDEX `entries_user` ON `entries` (`user_id`);
--> statement-breakpoint
CREATE TABLE `events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`guild_id` text NOT NULL,
	`whitelist_id` text NOT NULL,
	`type` text NOT NULL,
	`payload` text NOT NULL,
	`created_at` integer NOT NULL
, `detail` text);
--> statement-breakpoint
CREATE INDEX `events_guild_id` ON `events` (`guild_id`,`id`);
--> statement-breakpoint
CREATE INDEX `events_created` ON `events` (`created_at`);
--> statement-breakpoint
CREATE TABLE `guilds` (
	`id` text PRIMARY KEY NOT NULL,
	`log_channel_id` text,
	`command_hash` text,
	`created_at` integer NOT NULL
, `form_retention_days` integer DEFAULT 30 NOT NULL, `ban_sync` integer DEFAULT false NOT NULL, `language` text);
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
	`webhook_last_at` integer, `may_remove` integer DEFAULT true NOT NULL,
	FOREIGN KEY (`guild_id`) REFERENCES `guilds`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `link_keys_hash` ON `link_keys` (`key_hash`);
--> statement-breakpoint
CREATE INDEX `link_keys_guild` ON `link_keys` (`guild_id`);
--> statement-breakpoint
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
	`created_at` integer NOT NULL, `floodgate_prefix` text DEFAULT '.' NOT NULL, `replace_spaces` integer DEFAULT true NOT NULL, `on_role_loss` text DEFAULT 'remove' NOT NULL, `role_limits` text DEFAULT '{}' NOT NULL, `entry_lifetime_seconds` integer, `proof` text DEFAULT 'off' NOT NULL, `proof_window_seconds` integer DEFAULT 86400 NOT NULL, `form` text DEFAULT '[]' NOT NULL, `nickname_template` text,
	FOREIGN KEY (`guild_id`) REFERENCES `guilds`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `whitelists_guild_name_key` ON `whitelists` (`guild_id`,`name_key`);
--> statement-breakpoint
CREATE TABLE `registration_requests` (
	`id` text PRIMARY KEY NOT NULL,
	`whitelist_id` text NOT NULL,
	`user_id` text NOT NULL,
	`nick` text NOT NULL,
	`nick_key` text NOT NULL,
	`uuid` text,
	`premium` integer NOT NULL,
	`status` text NOT NULL,
	`request_message_id` text,
	`decided_by` text,
	`decided_at` integer,
	`created_at` integer NOT NULL, `gamertag` text, `xuid` text, `decision_reason` text,
	FOREIGN KEY (`whitelist_id`) REFERENCES `whitelists`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `registration_requests_whitelist_user` ON `registration_requests` (`whitelist_id`,`user_id`,`status`);
--> statement-breakpoint
CREATE UNIQUE INDEX `registration_requests_pending_nick` ON `registration_requests` (`whitelist_id`,`user_id`,`nick_key`) WHERE "registration_requests"."status" = 'pending';
--> statement-breakpoint
CREATE TABLE `denied_nicks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`whitelist_id` text NOT NULL,
	`nick` text NOT NULL,
	`nick_key` text NOT NULL,
	`uuid` text,
	`reason` text,
	`denied_by` text NOT NULL,
	`created_at` integer NOT NULL, `banned_user_id` text,
	FOREIGN KEY (`whitelist_id`) REFERENCES `whitelists`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `denied_nicks_whitelist_nick_key` ON `denied_nicks` (`whitelist_id`,`nick_key`);
--> statement-breakpoint
CREATE INDEX `denied_nicks_whitelist_uuid` ON `denied_nicks` (`whitelist_id`,`uuid`);
--> statement-breakpoint
CREATE INDEX `entries_expires` ON `entries` (`expires_at`);
--> statement-breakpoint
CREATE INDEX `entries_whitelist_user` ON `entries` (`whitelist_id`,`user_id`);
--> statement-breakpoint
CREATE TABLE `outbox_cursor` (
	`name` text PRIMARY KEY NOT NULL,
	`event_id` integer NOT NULL
);
--> statement-breakpoint
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
CREATE UNIQUE INDEX `linked_accounts_guild_uuid` ON `linked_accounts` (`guild_id`,`uuid`);
--> statement-breakpoint
CREATE INDEX `linked_accounts_guild_user` ON `linked_accounts` (`guild_id`,`user_id`);
--> statement-breakpoint
CREATE TABLE `proof_attempts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `proof_attempts_user` ON `proof_attempts` (`user_id`,`at`);
--> statement-breakpoint
CREATE INDEX `proof_attempts_at` ON `proof_attempts` (`at`);
--> statement-breakpoint
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
, `guild_id` text, `user_id` text, `whitelist_id` text);
--> statement-breakpoint
CREATE INDEX `proof_codes_expires` ON `proof_codes` (`expires_at`);
--> statement-breakpoint
CREATE TABLE `leader_lease` (
	`name` text PRIMARY KEY NOT NULL,
	`holder` text NOT NULL,
	`epoch` integer NOT NULL,
	`pid` integer NOT NULL,
	`backend_start` text NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `outbox_done` (
	`event_id` integer NOT NULL,
	`effect` text NOT NULL,
	PRIMARY KEY(`event_id`, `effect`)
);
--> statement-breakpoint
CREATE INDEX `entries_proof_due` ON `entries` (`proof_due_at`);
--> statement-breakpoint
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
CREATE INDEX `form_answers_guild_user` ON `form_answers` (`guild_id`,`user_id`);
--> statement-breakpoint
CREATE INDEX `form_answers_request` ON `form_answers` (`request_id`);
--> statement-breakpoint
CREATE INDEX `form_answers_entry` ON `form_answers` (`entry_id`);
--> statement-breakpoint
CREATE INDEX `form_answers_closed` ON `form_answers` (`closed_at`);
--> statement-breakpoint
CREATE TABLE `member_nicknames` (
	`guild_id` text NOT NULL,
	`user_id` text NOT NULL,
	`original` text,
	`applied` text,
	`released` integer DEFAULT false NOT NULL,
	`failure` text,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`guild_id`, `user_id`)
);
--> statement-breakpoint
CREATE INDEX `denied_nicks_banned_user` ON `denied_nicks` (`banned_user_id`);
--> statement-breakpoint
CREATE TABLE `guild_texts` (
	`guild_id` text NOT NULL,
	`key` text NOT NULL,
	`text` text NOT NULL,
	`updated_by` text NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`guild_id`, `key`),
	FOREIGN KEY (`guild_id`) REFERENCES `guilds`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `dashboard_sessions` (
	`id_hash` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`user_name` text NOT NULL,
	`locale` text,
	`guilds` text NOT NULL,
	`guilds_at` integer NOT NULL,
	`csrf` text NOT NULL,
	`discord_tokens` text NOT NULL,
	`created_at` integer NOT NULL,
	`last_seen_at` integer NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `dashboard_sessions_user` ON `dashboard_sessions` (`user_id`);
--> statement-breakpoint
CREATE INDEX `dashboard_sessions_expires` ON `dashboard_sessions` (`expires_at`);
--> statement-breakpoint
CREATE TABLE `member_roles` (
	`guild_id` text NOT NULL,
	`user_id` text NOT NULL,
	`role_ids` text DEFAULT '[]' NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`guild_id`, `user_id`)
);
--> statement-breakpoint
CREATE TABLE `rank_mappings` (
	`whitelist_id` text NOT NULL,
	`role_id` text NOT NULL,
	`group_name` text NOT NULL,
	`created_by` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`whitelist_id`, `role_id`, `group_name`),
	FOREIGN KEY (`whitelist_id`) REFERENCES `whitelists`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `agent_status` (
	`key_id` text PRIMARY KEY NOT NULL,
	`agent` text NOT NULL,
	`mode` text NOT NULL,
	`format` text,
	`applied` text,
	`drift` integer NOT NULL,
	`error` text,
	`error_at` integer,
	`connected` integer NOT NULL,
	`socket` text NOT NULL,
	`seen_at` integer NOT NULL,
	FOREIGN KEY (`key_id`) REFERENCES `link_keys`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `decision_notices` (
	`request_id` text PRIMARY KEY NOT NULL,
	`actor_id` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`request_id`) REFERENCES `registration_requests`(`id`) ON UPDATE no action ON DELETE cascade
)
