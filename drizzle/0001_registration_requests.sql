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
	`created_at` integer NOT NULL,
	FOREIGN KEY (`whitelist_id`) REFERENCES `whitelists`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `registration_requests_whitelist_user` ON `registration_requests` (`whitelist_id`,`user_id`,`status`);--> statement-breakpoint
CREATE UNIQUE INDEX `registration_requests_pending_nick` ON `registration_requests` (`whitelist_id`,`user_id`,`nick_key`) WHERE "registration_requests"."status" = 'pending';