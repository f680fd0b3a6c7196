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
ALTER TABLE `entries` ADD `groups` text DEFAULT '[]' NOT NULL;