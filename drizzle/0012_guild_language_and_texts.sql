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
ALTER TABLE `guilds` ADD `language` text;