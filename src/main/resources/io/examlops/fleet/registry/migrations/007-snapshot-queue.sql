-- Version 7: the console's refresher records the cluster's queue with each node snapshot it takes,
-- so that pages show who waits and why without asking the scheduler while a request waits.
-- queue_recorded is 0 for snapshots taken without their queue (exa hpc nodes --save, place
-- --refresh, and every snapshot before this version); queue_failure says why a queue read failed.
ALTER TABLE hpc_node_snapshots ADD COLUMN queue_recorded INTEGER NOT NULL DEFAULT 0;
ALTER TABLE hpc_node_snapshots ADD COLUMN queue_failure TEXT;
CREATE TABLE hpc_queue_entries (
  snapshot_id INTEGER NOT NULL REFERENCES hpc_node_snapshots (id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  scheduler TEXT NOT NULL,
  job_id TEXT NOT NULL,
  name TEXT,
  user_name TEXT,
  state TEXT NOT NULL,
  raw_state TEXT NOT NULL,
  partition_name TEXT,
  -- NULL when the scheduler did not say (never 0 for unknown).
  nodes INTEGER,
  cpus INTEGER,
  gpus INTEGER,
  elapsed_ms INTEGER,
  reason TEXT,
  node_list TEXT,
  PRIMARY KEY (snapshot_id, position)
) STRICT;
