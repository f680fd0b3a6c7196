CREATE TABLE `outbox_cursor` (
	`name` text PRIMARY KEY NOT NULL,
	`event_id` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `events` ADD `detail` text;