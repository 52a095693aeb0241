-- Drafts of published dashboards (issue 34): one pending edit per dashboard and owner, kept server-side, published in one step.
CREATE TABLE `dashboard_draft` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`dashboard_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`base_revision` integer NOT NULL,
	`state` text NOT NULL,
	`created_on` text NOT NULL,
	`changed_on` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `dashboard_draft_owner` ON `dashboard_draft` (`dashboard_id`,`user_id`);