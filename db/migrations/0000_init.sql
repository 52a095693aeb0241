CREATE TABLE `ab_permission_view_role` (
	`permission_view_id` integer NOT NULL,
	`role_id` integer NOT NULL,
	PRIMARY KEY(`permission_view_id`, `role_id`),
	FOREIGN KEY (`permission_view_id`) REFERENCES `ab_permission_view`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`role_id`) REFERENCES `ab_role`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `ab_permission_view` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`permission_id` integer NOT NULL,
	`view_menu_id` integer NOT NULL,
	FOREIGN KEY (`permission_id`) REFERENCES `ab_permission`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`view_menu_id`) REFERENCES `ab_view_menu`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ab_permission_view_pair` ON `ab_permission_view` (`permission_id`,`view_menu_id`);--> statement-breakpoint
CREATE TABLE `ab_permission` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ab_permission_name_unique` ON `ab_permission` (`name`);--> statement-breakpoint
CREATE TABLE `ab_role` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ab_role_name_unique` ON `ab_role` (`name`);--> statement-breakpoint
CREATE TABLE `ab_user_role` (
	`user_id` integer NOT NULL,
	`role_id` integer NOT NULL,
	PRIMARY KEY(`user_id`, `role_id`),
	FOREIGN KEY (`user_id`) REFERENCES `ab_user`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`role_id`) REFERENCES `ab_role`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `ab_user` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`first_name` text DEFAULT '' NOT NULL,
	`last_name` text DEFAULT '' NOT NULL,
	`username` text NOT NULL,
	`password` text,
	`active` integer DEFAULT true NOT NULL,
	`email` text NOT NULL,
	`last_login` text,
	`login_count` integer DEFAULT 0 NOT NULL,
	`fail_login_count` integer DEFAULT 0 NOT NULL,
	`created_on` text,
	`changed_on` text,
	`created_by_fk` integer,
	`changed_by_fk` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ab_user_username_unique` ON `ab_user` (`username`);--> statement-breakpoint
CREATE UNIQUE INDEX `ab_user_email_unique` ON `ab_user` (`email`);--> statement-breakpoint
CREATE TABLE `ab_view_menu` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ab_view_menu_name_unique` ON `ab_view_menu` (`name`);--> statement-breakpoint
CREATE TABLE `dbs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`uuid` text NOT NULL,
	`database_name` text NOT NULL,
	`sqlalchemy_uri` text NOT NULL,
	`password` text,
	`engine` text NOT NULL,
	`cache_timeout` integer,
	`expose_in_sqllab` integer DEFAULT true NOT NULL,
	`allow_run_async` integer DEFAULT false NOT NULL,
	`allow_ctas` integer DEFAULT false NOT NULL,
	`allow_cvas` integer DEFAULT false NOT NULL,
	`allow_dml` integer DEFAULT false NOT NULL,
	`allow_file_upload` integer DEFAULT false NOT NULL,
	`force_ctas_schema` text,
	`extra` text DEFAULT '{}' NOT NULL,
	`encrypted_extra` text,
	`impersonate_user` integer DEFAULT false NOT NULL,
	`configuration_method` text DEFAULT 'sqlalchemy_form' NOT NULL,
	`is_managed_externally` integer DEFAULT false NOT NULL,
	`external_url` text,
	`created_on` text,
	`changed_on` text,
	`created_by_fk` integer,
	`changed_by_fk` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `dbs_uuid_unique` ON `dbs` (`uuid`);--> statement-breakpoint
CREATE UNIQUE INDEX `dbs_database_name_unique` ON `dbs` (`database_name`);--> statement-breakpoint
CREATE TABLE `table_columns` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`uuid` text NOT NULL,
	`table_id` integer NOT NULL,
	`column_name` text NOT NULL,
	`verbose_name` text,
	`is_dttm` integer DEFAULT false NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`type` text,
	`type_generic` integer,
	`groupby` integer DEFAULT true NOT NULL,
	`filterable` integer DEFAULT true NOT NULL,
	`expression` text,
	`description` text,
	`python_date_format` text,
	`advanced_data_type` text,
	`extra` text,
	`created_on` text,
	`changed_on` text,
	`created_by_fk` integer,
	`changed_by_fk` integer,
	FOREIGN KEY (`table_id`) REFERENCES `tables`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `table_columns_uuid_unique` ON `table_columns` (`uuid`);--> statement-breakpoint
CREATE UNIQUE INDEX `table_columns_table_name` ON `table_columns` (`table_id`,`column_name`);--> statement-breakpoint
CREATE TABLE `sql_metrics` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`uuid` text NOT NULL,
	`table_id` integer NOT NULL,
	`metric_name` text NOT NULL,
	`verbose_name` text,
	`metric_type` text,
	`expression` text NOT NULL,
	`description` text,
	`d3format` text,
	`currency` text,
	`warning_text` text,
	`extra` text,
	`created_on` text,
	`changed_on` text,
	`created_by_fk` integer,
	`changed_by_fk` integer,
	FOREIGN KEY (`table_id`) REFERENCES `tables`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sql_metrics_uuid_unique` ON `sql_metrics` (`uuid`);--> statement-breakpoint
CREATE UNIQUE INDEX `sql_metrics_table_name` ON `sql_metrics` (`table_id`,`metric_name`);--> statement-breakpoint
CREATE INDEX `sql_metrics_table` ON `sql_metrics` (`table_id`);--> statement-breakpoint
CREATE TABLE `sqlatable_user` (
	`user_id` integer NOT NULL,
	`table_id` integer NOT NULL,
	PRIMARY KEY(`user_id`, `table_id`),
	FOREIGN KEY (`user_id`) REFERENCES `ab_user`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`table_id`) REFERENCES `tables`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `tables` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`uuid` text NOT NULL,
	`table_name` text NOT NULL,
	`database_id` integer NOT NULL,
	`catalog` text,
	`schema` text,
	`sql` text,
	`description` text,
	`main_dttm_col` text,
	`default_endpoint` text,
	`offset` integer DEFAULT 0 NOT NULL,
	`cache_timeout` integer,
	`is_sqllab_view` integer DEFAULT false NOT NULL,
	`template_params` text,
	`filter_select_enabled` integer DEFAULT true NOT NULL,
	`normalize_columns` integer DEFAULT false NOT NULL,
	`always_filter_main_dttm` integer DEFAULT false NOT NULL,
	`extra` text,
	`is_managed_externally` integer DEFAULT false NOT NULL,
	`external_url` text,
	`created_on` text,
	`changed_on` text,
	`created_by_fk` integer,
	`changed_by_fk` integer,
	FOREIGN KEY (`database_id`) REFERENCES `dbs`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `tables_uuid_unique` ON `tables` (`uuid`);--> statement-breakpoint
CREATE UNIQUE INDEX `tables_db_catalog_schema_name` ON `tables` (`database_id`,`catalog`,`schema`,`table_name`);--> statement-breakpoint
CREATE TABLE `slice_user` (
	`user_id` integer NOT NULL,
	`slice_id` integer NOT NULL,
	PRIMARY KEY(`user_id`, `slice_id`),
	FOREIGN KEY (`user_id`) REFERENCES `ab_user`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`slice_id`) REFERENCES `slices`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `slices` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`uuid` text NOT NULL,
	`slice_name` text NOT NULL,
	`viz_type` text NOT NULL,
	`datasource_id` integer,
	`datasource_type` text,
	`params` text,
	`query_context` text,
	`description` text,
	`cache_timeout` integer,
	`certified_by` text,
	`certification_details` text,
	`is_managed_externally` integer DEFAULT false NOT NULL,
	`external_url` text,
	`created_on` text,
	`changed_on` text,
	`created_by_fk` integer,
	`changed_by_fk` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `slices_uuid_unique` ON `slices` (`uuid`);--> statement-breakpoint
CREATE TABLE `dashboard_slices` (
	`dashboard_id` integer NOT NULL,
	`slice_id` integer NOT NULL,
	PRIMARY KEY(`dashboard_id`, `slice_id`),
	FOREIGN KEY (`dashboard_id`) REFERENCES `dashboards`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`slice_id`) REFERENCES `slices`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `dashboard_user` (
	`user_id` integer NOT NULL,
	`dashboard_id` integer NOT NULL,
	PRIMARY KEY(`user_id`, `dashboard_id`),
	FOREIGN KEY (`user_id`) REFERENCES `ab_user`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`dashboard_id`) REFERENCES `dashboards`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `dashboard_roles` (
	`role_id` integer NOT NULL,
	`dashboard_id` integer NOT NULL,
	PRIMARY KEY(`role_id`, `dashboard_id`),
	FOREIGN KEY (`role_id`) REFERENCES `ab_role`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`dashboard_id`) REFERENCES `dashboards`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `dashboards` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`uuid` text NOT NULL,
	`dashboard_title` text DEFAULT '[ untitled dashboard ]' NOT NULL,
	`slug` text,
	`position_json` text,
	`json_metadata` text,
	`css` text,
	`description` text,
	`published` integer DEFAULT false NOT NULL,
	`certified_by` text,
	`certification_details` text,
	`is_managed_externally` integer DEFAULT false NOT NULL,
	`external_url` text,
	`created_on` text,
	`changed_on` text,
	`created_by_fk` integer,
	`changed_by_fk` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `dashboards_uuid_unique` ON `dashboards` (`uuid`);--> statement-breakpoint
CREATE UNIQUE INDEX `dashboards_slug_unique` ON `dashboards` (`slug`);--> statement-breakpoint
CREATE TABLE `query` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`client_id` text NOT NULL,
	`database_id` integer NOT NULL,
	`user_id` integer,
	`status` text DEFAULT 'pending' NOT NULL,
	`tab_name` text,
	`sql_editor_id` text,
	`catalog` text,
	`schema` text,
	`sql` text NOT NULL,
	`select_sql` text,
	`executed_sql` text,
	`limit` integer,
	`limiting_factor` text DEFAULT 'UNKNOWN' NOT NULL,
	`select_as_cta` integer DEFAULT false NOT NULL,
	`select_as_cta_used` integer DEFAULT false NOT NULL,
	`ctas_method` text,
	`tmp_table_name` text,
	`tmp_schema_name` text,
	`progress` integer DEFAULT 0 NOT NULL,
	`rows` integer,
	`error_message` text,
	`results_key` text,
	`tracking_url` text,
	`start_time` real,
	`start_running_time` real,
	`end_time` real,
	`end_result_backend_time` real,
	`extra_json` text DEFAULT '{}' NOT NULL,
	`changed_on` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `query_client_id_unique` ON `query` (`client_id`);--> statement-breakpoint
CREATE INDEX `query_user_changed` ON `query` (`user_id`,`changed_on`);--> statement-breakpoint
CREATE INDEX `query_editor` ON `query` (`sql_editor_id`);--> statement-breakpoint
CREATE TABLE `saved_query` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`uuid` text NOT NULL,
	`user_id` integer,
	`db_id` integer,
	`catalog` text,
	`schema` text,
	`label` text DEFAULT '' NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`sql` text DEFAULT '' NOT NULL,
	`template_parameters` text,
	`extra_json` text DEFAULT '{}' NOT NULL,
	`last_run` text,
	`rows` integer,
	`created_on` text,
	`changed_on` text,
	`created_by_fk` integer,
	`changed_by_fk` integer,
	FOREIGN KEY (`user_id`) REFERENCES `ab_user`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`db_id`) REFERENCES `dbs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `saved_query_uuid_unique` ON `saved_query` (`uuid`);--> statement-breakpoint
CREATE TABLE `tab_state` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`label` text NOT NULL,
	`active` integer DEFAULT false NOT NULL,
	`database_id` integer,
	`catalog` text,
	`schema` text,
	`sql` text DEFAULT '' NOT NULL,
	`query_limit` integer,
	`latest_query_id` text,
	`autorun` integer DEFAULT false NOT NULL,
	`template_params` text,
	`hide_left_bar` integer DEFAULT false NOT NULL,
	`saved_query_id` integer,
	`extra_json` text DEFAULT '{}' NOT NULL,
	`created_on` text,
	`changed_on` text,
	`created_by_fk` integer,
	`changed_by_fk` integer,
	FOREIGN KEY (`user_id`) REFERENCES `ab_user`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `tab_state_user` ON `tab_state` (`user_id`);--> statement-breakpoint
CREATE TABLE `table_schema` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tab_state_id` integer NOT NULL,
	`database_id` integer NOT NULL,
	`catalog` text,
	`schema` text,
	`table` text NOT NULL,
	`description` text,
	`expanded` integer DEFAULT true NOT NULL,
	`created_on` text,
	`changed_on` text,
	`created_by_fk` integer,
	`changed_by_fk` integer,
	FOREIGN KEY (`tab_state_id`) REFERENCES `tab_state`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `favstar` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`class_name` text NOT NULL,
	`obj_id` integer NOT NULL,
	`dttm` text,
	FOREIGN KEY (`user_id`) REFERENCES `ab_user`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `favstar_unique` ON `favstar` (`user_id`,`class_name`,`obj_id`);--> statement-breakpoint
CREATE TABLE `key_value` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`uuid` text NOT NULL,
	`resource` text NOT NULL,
	`value` text NOT NULL,
	`expires_on` text,
	`created_on` text,
	`created_by_fk` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `key_value_uuid_unique` ON `key_value` (`uuid`);--> statement-breakpoint
CREATE INDEX `key_value_expires` ON `key_value` (`expires_on`);--> statement-breakpoint
CREATE TABLE `logs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`action` text,
	`user_id` integer,
	`json` text,
	`dttm` text,
	`dashboard_id` integer,
	`slice_id` integer,
	`duration_ms` integer,
	`referrer` text
);
--> statement-breakpoint
CREATE INDEX `logs_dttm` ON `logs` (`dttm`);--> statement-breakpoint
CREATE INDEX `logs_user` ON `logs` (`user_id`);--> statement-breakpoint
CREATE TABLE `tagged_object` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tag_id` integer NOT NULL,
	`object_id` integer NOT NULL,
	`object_type` text NOT NULL,
	FOREIGN KEY (`tag_id`) REFERENCES `tag`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `tagged_object_unique` ON `tagged_object` (`tag_id`,`object_id`,`object_type`);--> statement-breakpoint
CREATE TABLE `tag` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`type` integer DEFAULT 1 NOT NULL,
	`description` text,
	`created_on` text,
	`changed_on` text,
	`created_by_fk` integer,
	`changed_by_fk` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `tag_name_unique` ON `tag` (`name`);--> statement-breakpoint
CREATE TABLE `report_execution_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`uuid` text NOT NULL,
	`report_schedule_id` integer NOT NULL,
	`scheduled_dttm` text NOT NULL,
	`start_dttm` text,
	`end_dttm` text,
	`value` text,
	`value_row_json` text,
	`state` text NOT NULL,
	`error_message` text,
	FOREIGN KEY (`report_schedule_id`) REFERENCES `report_schedule`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `report_execution_log_schedule` ON `report_execution_log` (`report_schedule_id`,`scheduled_dttm`);--> statement-breakpoint
CREATE TABLE `report_schedule_user` (
	`user_id` integer NOT NULL,
	`report_schedule_id` integer NOT NULL,
	PRIMARY KEY(`user_id`, `report_schedule_id`),
	FOREIGN KEY (`user_id`) REFERENCES `ab_user`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`report_schedule_id`) REFERENCES `report_schedule`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `report_recipient` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`type` text NOT NULL,
	`recipient_config_json` text DEFAULT '{}' NOT NULL,
	`report_schedule_id` integer NOT NULL,
	`created_on` text,
	`changed_on` text,
	`created_by_fk` integer,
	`changed_by_fk` integer,
	FOREIGN KEY (`report_schedule_id`) REFERENCES `report_schedule`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `report_schedule` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`type` text NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`context_markdown` text,
	`active` integer DEFAULT true NOT NULL,
	`crontab` text NOT NULL,
	`timezone` text DEFAULT 'UTC' NOT NULL,
	`creation_method` text DEFAULT 'alerts_reports' NOT NULL,
	`report_format` text DEFAULT 'PNG' NOT NULL,
	`sql` text,
	`chart_id` integer,
	`dashboard_id` integer,
	`database_id` integer,
	`last_eval_dttm` text,
	`last_state` text DEFAULT 'Not triggered' NOT NULL,
	`last_value` text,
	`last_value_row_json` text,
	`validator_type` text,
	`validator_config_json` text,
	`log_retention` integer DEFAULT 90 NOT NULL,
	`grace_period` integer DEFAULT 14400 NOT NULL,
	`working_timeout` integer DEFAULT 3600 NOT NULL,
	`force_screenshot` integer DEFAULT false NOT NULL,
	`extra_json` text DEFAULT '{}' NOT NULL,
	`created_on` text,
	`changed_on` text,
	`created_by_fk` integer,
	`changed_by_fk` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `report_schedule_name_unique` ON `report_schedule` (`name`);