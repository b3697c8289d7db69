-- Version 3 (004 once the actor migration 003 is merged): who may use the console and the REST API. Passwords are stored as bcrypt hashes and
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
