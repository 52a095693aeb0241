-- Revisions (issue 34): every save of a dashboard or chart keeps its saved row as JSON, numbered per object, for History and restore.
CREATE TABLE `object_revision` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`object_type` text NOT NULL,
	`object_id` integer NOT NULL,
	`revision` integer NOT NULL,
	`changed_by_fk` integer,
	`changed_on` text NOT NULL,
	`message` text,
	`state` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `object_revision_number` ON `object_revision` (`object_type`,`object_id`,`revision`);--> statement-breakpoint
CREATE INDEX `object_revision_changed_by` ON `object_revision` (`changed_by_fk`);