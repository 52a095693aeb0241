DROP INDEX `report_schedule_name_unique`;--> statement-breakpoint
ALTER TABLE `report_schedule` ADD `email_subject` text;--> statement-breakpoint
ALTER TABLE `report_schedule` ADD `custom_width` integer;--> statement-breakpoint
ALTER TABLE `report_schedule` ADD `custom_height` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `report_schedule_name_type` ON `report_schedule` (`name`,`type`);