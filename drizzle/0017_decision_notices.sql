CREATE TABLE `decision_notices` (
	`request_id` text PRIMARY KEY NOT NULL,
	`actor_id` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`request_id`) REFERENCES `registration_requests`(`id`) ON UPDATE no action ON DELETE cascade
);
