-- File upload came after metadata databases were made: their Alpha role lacks can_upload on Database, which
-- Superset's Alpha has (the roles of a new database are seeded with it). Grant it where an Alpha role exists;
-- a database without roles yet gets them, can_upload included, from its first start.
INSERT OR IGNORE INTO `ab_permission` (`name`) SELECT 'can_upload' WHERE EXISTS (SELECT 1 FROM `ab_role` WHERE `name` = 'Alpha');--> statement-breakpoint
INSERT OR IGNORE INTO `ab_view_menu` (`name`) SELECT 'Database' WHERE EXISTS (SELECT 1 FROM `ab_role` WHERE `name` = 'Alpha');--> statement-breakpoint
INSERT OR IGNORE INTO `ab_permission_view` (`permission_id`, `view_menu_id`)
  SELECT p.`id`, v.`id` FROM `ab_permission` p, `ab_view_menu` v
  WHERE p.`name` = 'can_upload' AND v.`name` = 'Database' AND EXISTS (SELECT 1 FROM `ab_role` WHERE `name` = 'Alpha');--> statement-breakpoint
INSERT OR IGNORE INTO `ab_permission_view_role` (`permission_view_id`, `role_id`)
  SELECT pv.`id`, r.`id` FROM `ab_permission_view` pv
  JOIN `ab_permission` p ON p.`id` = pv.`permission_id` AND p.`name` = 'can_upload'
  JOIN `ab_view_menu` v ON v.`id` = pv.`view_menu_id` AND v.`name` = 'Database'
  JOIN `ab_role` r ON r.`name` = 'Alpha';
