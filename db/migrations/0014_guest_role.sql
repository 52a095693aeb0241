-- The built-in Guest role: GUEST_ROLE_NAME's default, the pairs an embedded dashboard's guest holds (reads of the
-- dashboard, its charts and data, share links, the event log; no SQL, no export: core/security/roles.ts GUEST).
-- A new database gets it with the other roles from its first start. Databases made before it exist get it here,
-- and only when no role of that name exists: a role an admin already called Guest keeps its own pairs. The role
-- is made under a name no one can have chosen, given its pairs, then renamed, so the pairs land only on it.
INSERT INTO `ab_role` (`name`) SELECT '__guest_role_0014'
  WHERE EXISTS (SELECT 1 FROM `ab_role` WHERE `name` = 'Admin') AND NOT EXISTS (SELECT 1 FROM `ab_role` WHERE `name` = 'Guest');--> statement-breakpoint
INSERT OR IGNORE INTO `ab_permission` (`name`)
  SELECT p.`name` FROM (SELECT 'can_read' AS `name` UNION ALL SELECT 'can_write') p
  WHERE EXISTS (SELECT 1 FROM `ab_role` WHERE `name` = '__guest_role_0014');--> statement-breakpoint
INSERT OR IGNORE INTO `ab_view_menu` (`name`)
  SELECT v.`name` FROM (SELECT 'Dashboard' AS `name` UNION ALL SELECT 'Chart' UNION ALL SELECT 'Dataset' UNION ALL SELECT 'Datasource' UNION ALL SELECT 'Annotation') v
  WHERE EXISTS (SELECT 1 FROM `ab_role` WHERE `name` = '__guest_role_0014');--> statement-breakpoint
INSERT OR IGNORE INTO `ab_view_menu` (`name`)
  SELECT v.`name` FROM (SELECT 'CssTemplate' AS `name` UNION ALL SELECT 'DashboardPermalinkRestApi' UNION ALL SELECT 'AsyncEventsRestApi' UNION ALL SELECT 'Log') v
  WHERE EXISTS (SELECT 1 FROM `ab_role` WHERE `name` = '__guest_role_0014');--> statement-breakpoint
INSERT OR IGNORE INTO `ab_permission_view` (`permission_id`, `view_menu_id`)
  SELECT p.`id`, v.`id` FROM `ab_permission` p, `ab_view_menu` v
  WHERE EXISTS (SELECT 1 FROM `ab_role` WHERE `name` = '__guest_role_0014') AND (
    (p.`name` = 'can_read' AND v.`name` IN ('Dashboard', 'Chart', 'Dataset', 'Datasource', 'Annotation', 'CssTemplate', 'DashboardPermalinkRestApi', 'AsyncEventsRestApi'))
    OR (p.`name` = 'can_write' AND v.`name` IN ('DashboardPermalinkRestApi', 'Log')));--> statement-breakpoint
INSERT OR IGNORE INTO `ab_permission_view_role` (`permission_view_id`, `role_id`)
  SELECT pv.`id`, r.`id` FROM `ab_permission_view` pv
  JOIN `ab_permission` p ON p.`id` = pv.`permission_id`
  JOIN `ab_view_menu` v ON v.`id` = pv.`view_menu_id`
  JOIN `ab_role` r ON r.`name` = '__guest_role_0014'
  WHERE (p.`name` = 'can_read' AND v.`name` IN ('Dashboard', 'Chart', 'Dataset', 'Datasource', 'Annotation', 'CssTemplate', 'DashboardPermalinkRestApi', 'AsyncEventsRestApi'))
    OR (p.`name` = 'can_write' AND v.`name` IN ('DashboardPermalinkRestApi', 'Log'));--> statement-breakpoint
UPDATE `ab_role` SET `name` = 'Guest' WHERE `name` = '__guest_role_0014';
