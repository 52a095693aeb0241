-- Tags (issue 34): Superset's user_favorite_tag, audit columns on tagged_object, and the index that finds an object's tags.
-- (The 0009 snapshot lacked embedded_dashboards, which 0008 created; this snapshot has it, and this file does not create it again.)
CREATE TABLE `user_favorite_tag` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tag_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`created_on` text,
	`changed_on` text,
	`created_by_fk` integer,
	`changed_by_fk` integer,
	FOREIGN KEY (`tag_id`) REFERENCES `tag`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `ab_user`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `user_favorite_tag_unique` ON `user_favorite_tag` (`tag_id`,`user_id`);--> statement-breakpoint
ALTER TABLE `tagged_object` ADD `created_on` text;--> statement-breakpoint
ALTER TABLE `tagged_object` ADD `changed_on` text;--> statement-breakpoint
ALTER TABLE `tagged_object` ADD `created_by_fk` integer;--> statement-breakpoint
ALTER TABLE `tagged_object` ADD `changed_by_fk` integer;--> statement-breakpoint
CREATE INDEX `tagged_object_object` ON `tagged_object` (`object_type`,`object_id`);