-- Version 3: every audit event records the surface the actor came through (cli, console, mcp,
-- jenkins, ...) beside who acted. Events recorded before say nothing of it: NULL.
ALTER TABLE audit_events ADD COLUMN surface TEXT;
