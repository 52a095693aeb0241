-- A user's permissions are read by role: index the role side of ab_permission_view_role (its primary key leads
-- with the permission-view pair, so each principal load scanned every role's rows).
CREATE INDEX `ab_permission_view_role_role` ON `ab_permission_view_role` (`role_id`,`permission_view_id`);
