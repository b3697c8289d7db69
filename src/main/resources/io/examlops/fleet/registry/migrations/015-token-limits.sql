-- Version 15: what a submit token may use (TokenLimits), set by the admin who creates it, and the
-- token each job was submitted with, so that its running jobs and GPU-hours can be counted.
ALTER TABLE access_tokens ADD COLUMN limit_clusters TEXT NOT NULL DEFAULT '';
ALTER TABLE access_tokens ADD COLUMN limit_partitions TEXT NOT NULL DEFAULT '';
ALTER TABLE access_tokens ADD COLUMN max_gpus_per_job INTEGER CHECK (max_gpus_per_job >= 1);
ALTER TABLE access_tokens ADD COLUMN max_running_jobs INTEGER CHECK (max_running_jobs >= 1);
-- a decimal number as text, so that a budget of 0.5 GPU-hours is kept as given
ALTER TABLE access_tokens ADD COLUMN gpu_hours TEXT;
ALTER TABLE access_tokens ADD COLUMN budget_period TEXT CHECK (budget_period IN ('day', 'week', 'month'));
ALTER TABLE hpc_jobs ADD COLUMN token_id TEXT;
CREATE INDEX hpc_jobs_by_token ON hpc_jobs (token_id, submitted_at) WHERE token_id IS NOT NULL;
