-- Version 18: capacity's GPU-hours of a cluster (JobStore.GPU_HOURS_TALLY) are added by SQLite
-- from this index alone: on a year of history (50,000 jobs a cluster) the table's rows were read
-- one by one through hpc_jobs_page_by_cluster, about 19 ms a cluster of `exa hpc capacity`.
CREATE INDEX hpc_jobs_gpu_hours ON hpc_jobs (cluster, state, gpu_hours);
