-- Version 1: governance of clusters, node snapshots, tracked jobs, audit trail.
-- Times are UTC text, yyyy-MM-ddTHH:mm:ss.SSSZ (sorts in time order).

-- One row per registered cluster. Connection definitions live in clusters.yaml; this table holds
-- who asked and who decided, what the last probe saw, and what the approval pinned.
CREATE TABLE hpc_clusters (
  name TEXT PRIMARY KEY NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('PENDING', 'ACTIVE', 'REJECTED')),
  scheduler TEXT NOT NULL,
  transport TEXT NOT NULL,
  host TEXT,
  -- NULL when the cluster was only listed in clusters.yaml and an admin decided on it directly.
  requested_by TEXT,
  requested_at TEXT,
  approved_by TEXT,
  rejected_by TEXT,
  decided_at TEXT,
  reason TEXT,
  capabilities_json TEXT,
  probed_at TEXT,
  ssh_key_fingerprint TEXT,
  host_key_fingerprint TEXT,
  pinned_host TEXT,
  pinned_port INTEGER,
  pinned_user TEXT,
  pinned_key_fingerprint TEXT,
  pinned_host_key_fingerprint TEXT,
  updated_at TEXT NOT NULL,
  CHECK (state <> 'ACTIVE' OR (approved_by IS NOT NULL AND decided_at IS NOT NULL)),
  CHECK (state <> 'REJECTED' OR (rejected_by IS NOT NULL AND decided_at IS NOT NULL AND reason IS NOT NULL))
) STRICT;

-- A saved inventory of one cluster; its nodes are in hpc_nodes. Saved in one transaction.
CREATE TABLE hpc_node_snapshots (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  cluster TEXT NOT NULL REFERENCES hpc_clusters (name) ON DELETE CASCADE,
  taken_at TEXT NOT NULL,
  taken_by TEXT NOT NULL,
  node_count INTEGER NOT NULL
) STRICT;

CREATE INDEX hpc_node_snapshots_by_cluster ON hpc_node_snapshots (cluster, id);

CREATE TABLE hpc_nodes (
  snapshot_id INTEGER NOT NULL REFERENCES hpc_node_snapshots (id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  name TEXT NOT NULL,
  cpus INTEGER NOT NULL,
  memory_mb INTEGER NOT NULL,
  gpu_count INTEGER NOT NULL,
  -- [{"type": "a100", "count": 4}]; type is null when the scheduler does not say.
  gpus_json TEXT NOT NULL,
  -- NULL when the scheduler did not say how many GPUs are in use (never 0 for unknown).
  gpus_in_use INTEGER,
  state TEXT NOT NULL,
  raw_state TEXT NOT NULL,
  partitions_json TEXT NOT NULL,
  features_json TEXT NOT NULL,
  PRIMARY KEY (snapshot_id, name)
) STRICT;

-- Submissions made through the fleet. gpu_hours is NULL when unknown, never 0 for unknown.
CREATE TABLE hpc_jobs (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  cluster TEXT NOT NULL REFERENCES hpc_clusters (name),
  scheduler_job_id TEXT,
  name TEXT NOT NULL,
  model TEXT,
  dataset TEXT,
  gpus INTEGER,
  nodes INTEGER,
  partition_name TEXT,
  script TEXT,
  state TEXT NOT NULL,
  submitted_by TEXT NOT NULL,
  submitted_at TEXT NOT NULL,
  started_at TEXT,
  ended_at TEXT,
  elapsed_seconds INTEGER,
  gpu_hours REAL,
  exit_code INTEGER,
  reason TEXT
) STRICT;

CREATE INDEX hpc_jobs_by_cluster ON hpc_jobs (cluster, submitted_at);

CREATE UNIQUE INDEX hpc_jobs_by_scheduler_id ON hpc_jobs (cluster, scheduler_job_id)
  WHERE scheduler_job_id IS NOT NULL;

-- Every governance change, with who did it. No foreign key: the trail outlives its clusters.
CREATE TABLE audit_events (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  at TEXT NOT NULL,
  actor TEXT NOT NULL,
  action TEXT NOT NULL,
  cluster TEXT,
  details_json TEXT NOT NULL
) STRICT;

CREATE INDEX audit_events_by_cluster ON audit_events (cluster, id);
