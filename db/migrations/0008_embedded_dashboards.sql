CREATE TABLE `embedded_dashboards` (
	`uuid` text PRIMARY KEY NOT NULL,
	`dashboard_id` integer NOT NULL,
	`allowed_domains` text DEFAULT '[]' NOT NULL,
	`created_on` text,
	`changed_on` text,
	`created_by_fk` integer,
	`changed_by_fk` integer,
	FOREIGN KEY (`dashboard_id`) REFERENCES `dashboards`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `embedded_dashboards_dashboard_id_unique` ON `embedded_dashboards` (`dashboard_id`);--> statement-breakpoint
-- Superset's admin-only pairs for embedding (can_set_embedded on Dashboard, can_grant_guest_token on
-- SecurityRestApi): listed on an existing Admin role so an admin can grant them to other roles; a database
-- without roles yet gets them from its first start (core/security/roles.ts).
INSERT OR IGNORE INTO `ab_permission` (`name`) SELECT 'can_set_embedded' WHERE EXISTS (SELECT 1 FROM `ab_role` WHERE `name` = 'Admin');--> statement-breakpoint
INSERT OR IGNORE INTO `ab_permission` (`name`) SELECT 'can_grant_guest_token' WHERE EXISTS (SELECT 1 FROM `ab_role` WHERE `name` = 'Admin');--> statement-breakpoint
INSERT OR IGNORE INTO `ab_view_menu` (`name`) SELECT 'Dashboard' WHERE EXISTS (SELECT 1 FROM `ab_role` WHERE `name` = 'Admin');--> statement-breakpoint
INSERT OR IGNORE INTO `ab_view_menu` (`name`) SELECT 'SecurityRestApi' WHERE EXISTS (SELECT 1 FROM `ab_role` WHERE `name` = 'Admin');--> statement-breakpoint
INSERT OR IGNORE INTO `ab_permission_view` (`permission_id`, `view_menu_id`)
  SELECT p.`id`, v.`id` FROM `ab_permission` p, `ab_view_menu` v
  WHERE ((p.`name` = 'can_set_embedded' AND v.`name` = 'Dashboard') OR (p.`name` = 'can_grant_guest_token' AND v.`name` = 'SecurityRestApi'))
    AND EXISTS (SELECT 1 FROM `ab_role` WHERE `name` = 'Admin');--> statement-breakpoint
INSERT OR IGNORE INTO `ab_permission_view_role` (`permission_view_id`, `role_id`)
  SELECT pv.`id`, r.`id` FROM `ab_permission_view` pv
  JOIN `ab_permission` p ON p.`id` = pv.`permission_id`
  JOIN `ab_view_menu` v ON v.`id` = pv.`view_menu_id`
  JOIN `ab_role` r ON r.`name` = 'Admin'
  WHERE (p.`name` = 'can_set_embedded' AND v.`name` = 'Dashboard') OR (p.`name` = 'can_grant_guest_token' AND v.`name` = 'SecurityRestApi');
