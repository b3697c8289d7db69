-- Version 5: a submission may carry the caller's tag (a CI stage's own name for its job), so that
-- a retried stage re-attaches to its still-running job instead of submitting a second one.
ALTER TABLE hpc_jobs ADD COLUMN tag TEXT;
CREATE INDEX hpc_jobs_by_tag ON hpc_jobs (tag, id) WHERE tag IS NOT NULL;
