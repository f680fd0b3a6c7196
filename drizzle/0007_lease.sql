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
