CREATE TABLE `revoked_session` (
	`sid` text PRIMARY KEY NOT NULL,
	`expires_on` text NOT NULL
);
--> statement-breakpoint
ALTER TABLE `ab_user` ADD `session_generation` integer DEFAULT 0 NOT NULL;