CREATE TABLE `annotation_layer` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`descr` text,
	`created_on` text,
	`changed_on` text,
	`created_by_fk` integer,
	`changed_by_fk` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `annotation_layer_name` ON `annotation_layer` (`name`);--> statement-breakpoint
CREATE TABLE `annotation` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`layer_id` integer NOT NULL,
	`short_descr` text NOT NULL,
	`long_descr` text,
	`start_dttm` text NOT NULL,
	`end_dttm` text NOT NULL,
	`json_metadata` text,
	`created_on` text,
	`changed_on` text,
	`created_by_fk` integer,
	`changed_by_fk` integer,
	FOREIGN KEY (`layer_id`) REFERENCES `annotation_layer`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `annotation_layer_dttm` ON `annotation` (`layer_id`,`start_dttm`,`end_dttm`);--> statement-breakpoint
CREATE UNIQUE INDEX `annotation_layer_short_descr` ON `annotation` (`layer_id`,`short_descr`);