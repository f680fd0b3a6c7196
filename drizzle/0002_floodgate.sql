ALTER TABLE `entries` ADD `gamertag` text;--> statement-breakpoint
ALTER TABLE `entries` ADD `xuid` text;--> statement-breakpoint
ALTER TABLE `registration_requests` ADD `gamertag` text;--> statement-breakpoint
ALTER TABLE `registration_requests` ADD `xuid` text;--> statement-breakpoint
ALTER TABLE `whitelists` ADD `floodgate_prefix` text DEFAULT '.' NOT NULL;--> statement-breakpoint
ALTER TABLE `whitelists` ADD `replace_spaces` integer DEFAULT true NOT NULL;--> statement-breakpoint
-- Bedrock nicks were stored as `.` + gamertag: keep the gamertag, from which the service respells each nick
-- the way Floodgate shows it and looks its XUID up (src/registration/bedrock.ts), with an event per change.
UPDATE `entries` SET `gamertag` = substr(`nick`, 2) WHERE `nick` LIKE '.%' AND `whitelist_id` IN (SELECT `id` FROM `whitelists` WHERE `nick_type` = 'bedrock');--> statement-breakpoint
UPDATE `registration_requests` SET `gamertag` = substr(`nick`, 2) WHERE `nick` LIKE '.%' AND `whitelist_id` IN (SELECT `id` FROM `whitelists` WHERE `nick_type` = 'bedrock');
