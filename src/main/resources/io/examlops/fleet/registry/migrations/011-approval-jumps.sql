-- Version 11: a cluster reached through jump hosts (ProxyJump) is approved with each hop pinned:
-- a JSON array of "user@host:port host key SHA256:..." in connection order, NULL for a direct
-- connection (every approval made before).
ALTER TABLE hpc_clusters ADD COLUMN pinned_jumps_json TEXT;
