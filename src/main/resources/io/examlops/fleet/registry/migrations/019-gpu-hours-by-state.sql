-- Version 19: capacity's GPU-hours of a cluster (JobStore.GPU_HOURS_TALLY) are read from a running
-- tally, one row per cluster and job state, that triggers keep as jobs are added, changed and
-- removed, whichever program writes them: the index of version 18 still had SQLite go through a
-- cluster's 50,000 entries of a year's history, about 15 ms a cluster of `exa hpc capacity`.
-- Which states count stays in JobStore, which adds these rows up; a figure is summed in whole
-- millionths (exact, as GpuHours has six decimals), and a figure finer than that is counted in
-- `inexact`, for which JobStore reads the rows one by one. (A trigger's body is on one line: the
-- migration runner ends a statement at a line that ends with ';'.)
CREATE TABLE hpc_gpu_hours (
  cluster TEXT NOT NULL,
  state TEXT NOT NULL,
  jobs INTEGER NOT NULL,
  known INTEGER NOT NULL,
  millionths INTEGER NOT NULL,
  inexact INTEGER NOT NULL,
  PRIMARY KEY (cluster, state)
) STRICT;
INSERT INTO hpc_gpu_hours (cluster, state, jobs, known, millionths, inexact)
SELECT cluster, state, count(*), count(gpu_hours),
  coalesce(sum(CAST(round(gpu_hours * 1000000) AS INTEGER)), 0),
  coalesce(sum(abs(gpu_hours * 1000000 - round(gpu_hours * 1000000)) > 0.001), 0)
FROM hpc_jobs GROUP BY cluster, state;
CREATE TRIGGER hpc_gpu_hours_added AFTER INSERT ON hpc_jobs
BEGIN INSERT INTO hpc_gpu_hours (cluster, state, jobs, known, millionths, inexact) VALUES (NEW.cluster, NEW.state, 1, NEW.gpu_hours IS NOT NULL, coalesce(CAST(round(NEW.gpu_hours * 1000000) AS INTEGER), 0), coalesce(abs(NEW.gpu_hours * 1000000 - round(NEW.gpu_hours * 1000000)) > 0.001, 0)) ON CONFLICT (cluster, state) DO UPDATE SET jobs = jobs + excluded.jobs, known = known + excluded.known, millionths = millionths + excluded.millionths, inexact = inexact + excluded.inexact; END;
CREATE TRIGGER hpc_gpu_hours_removed AFTER DELETE ON hpc_jobs
BEGIN UPDATE hpc_gpu_hours SET jobs = jobs - 1, known = known - (OLD.gpu_hours IS NOT NULL), millionths = millionths - coalesce(CAST(round(OLD.gpu_hours * 1000000) AS INTEGER), 0), inexact = inexact - coalesce(abs(OLD.gpu_hours * 1000000 - round(OLD.gpu_hours * 1000000)) > 0.001, 0) WHERE cluster = OLD.cluster AND state = OLD.state; END;
CREATE TRIGGER hpc_gpu_hours_changed AFTER UPDATE OF cluster, state, gpu_hours ON hpc_jobs
WHEN OLD.cluster IS NOT NEW.cluster OR OLD.state IS NOT NEW.state OR OLD.gpu_hours IS NOT NEW.gpu_hours
BEGIN UPDATE hpc_gpu_hours SET jobs = jobs - 1, known = known - (OLD.gpu_hours IS NOT NULL), millionths = millionths - coalesce(CAST(round(OLD.gpu_hours * 1000000) AS INTEGER), 0), inexact = inexact - coalesce(abs(OLD.gpu_hours * 1000000 - round(OLD.gpu_hours * 1000000)) > 0.001, 0) WHERE cluster = OLD.cluster AND state = OLD.state; INSERT INTO hpc_gpu_hours (cluster, state, jobs, known, millionths, inexact) VALUES (NEW.cluster, NEW.state, 1, NEW.gpu_hours IS NOT NULL, coalesce(CAST(round(NEW.gpu_hours * 1000000) AS INTEGER), 0), coalesce(abs(NEW.gpu_hours * 1000000 - round(NEW.gpu_hours * 1000000)) > 0.001, 0)) ON CONFLICT (cluster, state) DO UPDATE SET jobs = jobs + excluded.jobs, known = known + excluded.known, millionths = millionths + excluded.millionths, inexact = inexact + excluded.inexact; END;
-- The index of version 18 served that tally only.
DROP INDEX hpc_jobs_gpu_hours;
