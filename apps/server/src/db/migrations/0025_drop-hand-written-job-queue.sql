-- The hand-written job queue gives way to pg-boss (docs/jobs.md). Its schedules are declared to pg-boss again; its
-- jobs table is kept as legacy_jobs until the jobs plugin has moved the jobs still waiting there into pg-boss (then it
-- is empty, and a later migration may drop it).
DROP TABLE "job_schedules" CASCADE;--> statement-breakpoint
ALTER TABLE "jobs" RENAME TO "legacy_jobs";
