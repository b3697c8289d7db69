-- Version 16: what the last probe went through, so that a clusters.yaml entry edited since then is
-- never approved on what another entry found: the connection (scheduler, transport, host, port,
-- user, jump hosts, adapter settings) with the fingerprints it met, as JSON. NULL for probes made
-- before this version, which are not compared.
ALTER TABLE hpc_clusters ADD COLUMN probed_connection_json TEXT;

-- A counter of changes to tracked jobs that a page shows (a new job, a state, a start or end, an
-- exit code, a reason), whichever process made them: the console's live pages read one row instead
-- of the jobs. A lease renewal changes none of these and counts nothing. (A trigger's body is on one
-- line: the migration runner ends a statement at a line that ends with ';'.)
CREATE TABLE fleet_changes (
  topic TEXT PRIMARY KEY NOT NULL,
  n INTEGER NOT NULL
) STRICT;
INSERT INTO fleet_changes (topic, n) VALUES ('jobs', 0);
CREATE TRIGGER hpc_jobs_added AFTER INSERT ON hpc_jobs
BEGIN UPDATE fleet_changes SET n = n + 1 WHERE topic = 'jobs'; END;
CREATE TRIGGER hpc_jobs_changed AFTER UPDATE ON hpc_jobs
WHEN OLD.state IS NOT NEW.state
  OR OLD.scheduler_job_id IS NOT NEW.scheduler_job_id
  OR OLD.started_at IS NOT NEW.started_at
  OR OLD.ended_at IS NOT NEW.ended_at
  OR OLD.exit_code IS NOT NEW.exit_code
  OR OLD.reason IS NOT NEW.reason
  OR OLD.gpu_hours IS NOT NEW.gpu_hours
BEGIN UPDATE fleet_changes SET n = n + 1 WHERE topic = 'jobs'; END;
CREATE TRIGGER hpc_jobs_removed AFTER DELETE ON hpc_jobs
BEGIN UPDATE fleet_changes SET n = n + 1 WHERE topic = 'jobs'; END;
