DROP TABLE "job_schedules" CASCADE;--> statement-breakpoint
DROP TABLE "jobs" CASCADE;