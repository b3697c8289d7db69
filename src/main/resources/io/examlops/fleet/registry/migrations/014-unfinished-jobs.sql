-- Version 14: the jobs that have not ended, found without reading a year of history. Placement,
-- the GPUs a mock cluster holds and the watcher's rounds ask only for these; the WHERE clause is
-- the one JobStore.unfinished() writes from JobState.terminal(), so that SQLite uses this index.
CREATE INDEX hpc_jobs_unfinished ON hpc_jobs (id)
  WHERE state NOT IN ('COMPLETED', 'FAILED', 'CANCELLED', 'TIMEOUT', 'LOST', 'NOT_SUBMITTED');
