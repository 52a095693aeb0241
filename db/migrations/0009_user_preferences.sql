-- Each user's IANA time zone and BCP 47 locale (issue 29): null until set; the client sends the browser's zone once.
ALTER TABLE `ab_user` ADD `time_zone` text;--> statement-breakpoint
ALTER TABLE `ab_user` ADD `locale` text;