-- The Settings menu's CSS Templates and Annotation Layers entries (and Tags, added the same way) need
-- menu_access on their menu names, which Superset gives Alpha (ALPHA_ONLY_VIEW_MENUS). Databases made before
-- the entries existed lack the pairs: grant them where an Alpha role exists. A new database gets them, with the
-- rest of its roles, from its first start. Admin is all-powerful by name and needs no rows.
INSERT OR IGNORE INTO `ab_permission` (`name`) SELECT 'menu_access' WHERE EXISTS (SELECT 1 FROM `ab_role` WHERE `name` = 'Alpha');--> statement-breakpoint
INSERT OR IGNORE INTO `ab_view_menu` (`name`)
  SELECT m.`name` FROM (SELECT 'CSS Templates' AS `name` UNION ALL SELECT 'Annotation Layers' UNION ALL SELECT 'Tags') m
  WHERE EXISTS (SELECT 1 FROM `ab_role` WHERE `name` = 'Alpha');--> statement-breakpoint
INSERT OR IGNORE INTO `ab_permission_view` (`permission_id`, `view_menu_id`)
  SELECT p.`id`, v.`id` FROM `ab_permission` p, `ab_view_menu` v
  WHERE p.`name` = 'menu_access' AND v.`name` IN ('CSS Templates', 'Annotation Layers', 'Tags')
    AND EXISTS (SELECT 1 FROM `ab_role` WHERE `name` = 'Alpha');--> statement-breakpoint
INSERT OR IGNORE INTO `ab_permission_view_role` (`permission_view_id`, `role_id`)
  SELECT pv.`id`, r.`id` FROM `ab_permission_view` pv
  JOIN `ab_permission` p ON p.`id` = pv.`permission_id` AND p.`name` = 'menu_access'
  JOIN `ab_view_menu` v ON v.`id` = pv.`view_menu_id` AND v.`name` IN ('CSS Templates', 'Annotation Layers', 'Tags')
  JOIN `ab_role` r ON r.`name` = 'Alpha';
