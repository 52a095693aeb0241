CREATE TABLE `css_templates` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`template_name` text,
	`css` text,
	`created_on` text,
	`changed_on` text,
	`created_by_fk` integer,
	`changed_by_fk` integer
);
