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
