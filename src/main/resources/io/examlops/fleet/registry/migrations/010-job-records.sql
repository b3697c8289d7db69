-- Version 10: a scheduler id may be recorded more than once on a cluster (its ids restarted, or an
-- earlier record of the same id was left behind): a duplicate never blocks recording a job the
-- scheduler accepted. Lookups by scheduler id take the newest record.
DROP INDEX hpc_jobs_by_scheduler_id;
CREATE INDEX hpc_jobs_by_scheduler_id ON hpc_jobs (cluster, scheduler_job_id)
  WHERE scheduler_job_id IS NOT NULL;
