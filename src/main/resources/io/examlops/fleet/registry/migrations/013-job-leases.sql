-- Version 13: leases. A job submitted through the console's gateway is watched by whoever waits on
-- it; lease_renewed_at is when that waiter last asked about it. NULL: no lease (submitted in local
-- mode, with --detach, or detached since), and the job runs on whoever watches. An index finds the
-- leased jobs that have not ended without reading the whole table.
ALTER TABLE hpc_jobs ADD COLUMN lease_renewed_at TEXT;
CREATE INDEX hpc_jobs_leased ON hpc_jobs (lease_renewed_at) WHERE lease_renewed_at IS NOT NULL;
