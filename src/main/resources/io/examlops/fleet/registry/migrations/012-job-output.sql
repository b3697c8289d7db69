-- Version 12: where a job was asked to write its output (--output, with %j for its scheduler's id);
-- NULL for the scheduler's default place (~/examlops-ID.out), which every earlier record keeps.
ALTER TABLE hpc_jobs ADD COLUMN output TEXT;
