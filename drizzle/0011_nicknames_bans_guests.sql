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
ALTER TABLE `denied_nicks` ADD `banned_user_id` text;--> statement-breakpoint
CREATE INDEX `denied_nicks_banned_user` ON `denied_nicks` (`banned_user_id`);--> statement-breakpoint
ALTER TABLE `entries` ADD `guest` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `entries` ADD `note` text;--> statement-breakpoint
ALTER TABLE `guilds` ADD `ban_sync` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `whitelists` ADD `nickname_template` text;