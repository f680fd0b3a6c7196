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
CREATE INDEX `dashboard_sessions_user` ON `dashboard_sessions` (`user_id`);--> statement-breakpoint
CREATE INDEX `dashboard_sessions_expires` ON `dashboard_sessions` (`expires_at`);--> statement-breakpoint
ALTER TABLE `registration_requests` ADD `decision_reason` text;