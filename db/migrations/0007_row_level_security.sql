CREATE TABLE `rls_filter_roles` (
	`rls_filter_id` integer NOT NULL,
	`role_id` integer NOT NULL,
	PRIMARY KEY(`rls_filter_id`, `role_id`),
	FOREIGN KEY (`rls_filter_id`) REFERENCES `row_level_security_filters`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`role_id`) REFERENCES `ab_role`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `rls_filter_tables` (
	`rls_filter_id` integer NOT NULL,
	`table_id` integer NOT NULL,
	PRIMARY KEY(`rls_filter_id`, `table_id`),
	FOREIGN KEY (`rls_filter_id`) REFERENCES `row_level_security_filters`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`table_id`) REFERENCES `tables`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `rls_filter_tables_table` ON `rls_filter_tables` (`table_id`);--> statement-breakpoint
CREATE TABLE `row_level_security_filters` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`filter_type` text NOT NULL,
	`clause` text NOT NULL,
	`group_key` text,
	`created_on` text,
	`changed_on` text,
	`created_by_fk` integer,
	`changed_by_fk` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `row_level_security_filters_name` ON `row_level_security_filters` (`name`);