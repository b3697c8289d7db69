-- Version 4: who may use the console and the REST API. Passwords are stored as bcrypt hashes and
-- API tokens as SHA-256 hashes of their secret (shown once, when created); neither is kept in clear.
CREATE TABLE access_users (
  name TEXT PRIMARY KEY NOT NULL,
  role TEXT NOT NULL CHECK (role IN ('admin', 'viewer')),
  password_hash TEXT NOT NULL,
  created_at TEXT NOT NULL,
  created_by TEXT NOT NULL,
  password_changed_at TEXT NOT NULL
) STRICT;

CREATE TABLE access_tokens (
  id TEXT PRIMARY KEY NOT NULL,
  name TEXT NOT NULL,
  owner TEXT NOT NULL,
  -- space-separated, from: read submit admin
  scopes TEXT NOT NULL,
  secret_hash TEXT NOT NULL UNIQUE,
  created_at TEXT NOT NULL,
  created_by TEXT NOT NULL,
  last_used_at TEXT,
  revoked_at TEXT,
  revoked_by TEXT
) STRICT;

-- GPUs in use per cluster each time the console's refresher took a snapshot: the utilization
-- history of the capacity dashboard (hour, day, week). Node snapshots themselves are kept only a
-- few per cluster; these small rows are kept for 8 days.
CREATE TABLE capacity_samples (
  cluster TEXT NOT NULL,
  at TEXT NOT NULL,
  total_gpus INTEGER NOT NULL,
  -- NULL when the scheduler did not say how many GPUs are in use (unknown, never 0).
  gpus_in_use INTEGER
) STRICT;

CREATE INDEX capacity_samples_by_cluster ON capacity_samples (cluster, at);
