-- Version 17: the console's Jobs and Activity pages, `exa hpc jobs --limit` and `exa hpc audit
-- --last` read a year of history (100,000 jobs, 50,000 events) a page at a time, newest first,
-- filtered by cluster, user, token or state, or by actor or action: one index per filter, in the
-- pages' order (id), so that a page reads its own rows and stops, and a count reads only an index.
-- (audit_events_by_cluster of version 1 serves the cluster filter of the trail already.)
CREATE INDEX hpc_jobs_page_by_cluster ON hpc_jobs (cluster, id);
CREATE INDEX hpc_jobs_page_by_user ON hpc_jobs (submitted_by, id);
CREATE INDEX hpc_jobs_page_by_state ON hpc_jobs (state, id);
CREATE INDEX hpc_jobs_page_by_token ON hpc_jobs (token_id, id) WHERE token_id IS NOT NULL;
CREATE INDEX audit_events_by_actor ON audit_events (actor, id);
CREATE INDEX audit_events_by_action ON audit_events (action, id);
