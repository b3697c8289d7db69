-- Version 19: running tallies of the jobs and of the audit trail, which triggers keep as rows are
-- added, changed and removed, whichever program writes them, so that what counts or adds up a
-- year of history reads a few rows instead of a year of them.
--
-- hpc_jobs_tally: one row per cluster, job state and model ('' for a job of no model: a model name
-- is never empty): how many jobs, how many with a GPU-hours figure, the figures summed in whole
-- millionths (exact, as GpuHours has six decimals), and how many figures are finer than that (for
-- which JobStore reads the rows one by one). JobStore adds these up for capacity's GPU-hours of a
-- cluster (JobStore.GPU_HOURS_TALLY) and of a model (the console's Capacity page), where the index
-- of version 18 still had SQLite go through a cluster's 50,000 entries (about 15 ms a cluster of
-- `exa hpc capacity`) and the Capacity page read every job ever run; and for how many jobs a
-- listing filtered by cluster, state or model holds (a page's "of 100000 jobs"). Which states
-- capacity counts stays in JobStore.
--
-- audit_events_tally: one row per cluster ('' for a fleet-wide event), actor and action: how many
-- events, for how many a trail filtered by those holds.
--
-- (A trigger's body is on one line: the migration runner ends a statement at a line that ends
-- with ';'.)
CREATE TABLE hpc_jobs_tally (
  cluster TEXT NOT NULL,
  state TEXT NOT NULL,
  model TEXT NOT NULL,
  jobs INTEGER NOT NULL,
  known INTEGER NOT NULL,
  millionths INTEGER NOT NULL,
  inexact INTEGER NOT NULL,
  PRIMARY KEY (cluster, state, model)
) STRICT;
INSERT INTO hpc_jobs_tally (cluster, state, model, jobs, known, millionths, inexact)
SELECT cluster, state, coalesce(model, ''), count(*), count(gpu_hours),
  coalesce(sum(CAST(round(gpu_hours * 1000000) AS INTEGER)), 0),
  coalesce(sum(abs(gpu_hours * 1000000 - round(gpu_hours * 1000000)) > 0.001), 0)
FROM hpc_jobs GROUP BY cluster, state, coalesce(model, '');
CREATE TRIGGER hpc_jobs_tally_added AFTER INSERT ON hpc_jobs
BEGIN INSERT INTO hpc_jobs_tally (cluster, state, model, jobs, known, millionths, inexact) VALUES (NEW.cluster, NEW.state, coalesce(NEW.model, ''), 1, NEW.gpu_hours IS NOT NULL, coalesce(CAST(round(NEW.gpu_hours * 1000000) AS INTEGER), 0), coalesce(abs(NEW.gpu_hours * 1000000 - round(NEW.gpu_hours * 1000000)) > 0.001, 0)) ON CONFLICT (cluster, state, model) DO UPDATE SET jobs = jobs + excluded.jobs, known = known + excluded.known, millionths = millionths + excluded.millionths, inexact = inexact + excluded.inexact; END;
CREATE TRIGGER hpc_jobs_tally_removed AFTER DELETE ON hpc_jobs
BEGIN UPDATE hpc_jobs_tally SET jobs = jobs - 1, known = known - (OLD.gpu_hours IS NOT NULL), millionths = millionths - coalesce(CAST(round(OLD.gpu_hours * 1000000) AS INTEGER), 0), inexact = inexact - coalesce(abs(OLD.gpu_hours * 1000000 - round(OLD.gpu_hours * 1000000)) > 0.001, 0) WHERE cluster = OLD.cluster AND state = OLD.state AND model = coalesce(OLD.model, ''); END;
CREATE TRIGGER hpc_jobs_tally_changed AFTER UPDATE OF cluster, state, model, gpu_hours ON hpc_jobs
WHEN OLD.cluster IS NOT NEW.cluster OR OLD.state IS NOT NEW.state OR OLD.model IS NOT NEW.model OR OLD.gpu_hours IS NOT NEW.gpu_hours
BEGIN UPDATE hpc_jobs_tally SET jobs = jobs - 1, known = known - (OLD.gpu_hours IS NOT NULL), millionths = millionths - coalesce(CAST(round(OLD.gpu_hours * 1000000) AS INTEGER), 0), inexact = inexact - coalesce(abs(OLD.gpu_hours * 1000000 - round(OLD.gpu_hours * 1000000)) > 0.001, 0) WHERE cluster = OLD.cluster AND state = OLD.state AND model = coalesce(OLD.model, ''); INSERT INTO hpc_jobs_tally (cluster, state, model, jobs, known, millionths, inexact) VALUES (NEW.cluster, NEW.state, coalesce(NEW.model, ''), 1, NEW.gpu_hours IS NOT NULL, coalesce(CAST(round(NEW.gpu_hours * 1000000) AS INTEGER), 0), coalesce(abs(NEW.gpu_hours * 1000000 - round(NEW.gpu_hours * 1000000)) > 0.001, 0)) ON CONFLICT (cluster, state, model) DO UPDATE SET jobs = jobs + excluded.jobs, known = known + excluded.known, millionths = millionths + excluded.millionths, inexact = inexact + excluded.inexact; END;
-- The index of version 18 served capacity's tally only.
DROP INDEX hpc_jobs_gpu_hours;

CREATE TABLE audit_events_tally (
  cluster TEXT NOT NULL,
  actor TEXT NOT NULL,
  action TEXT NOT NULL,
  events INTEGER NOT NULL,
  PRIMARY KEY (cluster, actor, action)
) STRICT;
INSERT INTO audit_events_tally (cluster, actor, action, events)
SELECT coalesce(cluster, ''), actor, action, count(*) FROM audit_events
GROUP BY coalesce(cluster, ''), actor, action;
CREATE TRIGGER audit_events_tally_added AFTER INSERT ON audit_events
BEGIN INSERT INTO audit_events_tally (cluster, actor, action, events) VALUES (coalesce(NEW.cluster, ''), NEW.actor, NEW.action, 1) ON CONFLICT (cluster, actor, action) DO UPDATE SET events = events + 1; END;
CREATE TRIGGER audit_events_tally_removed AFTER DELETE ON audit_events
BEGIN UPDATE audit_events_tally SET events = events - 1 WHERE cluster = coalesce(OLD.cluster, '') AND actor = OLD.actor AND action = OLD.action; END;
CREATE TRIGGER audit_events_tally_changed AFTER UPDATE OF cluster, actor, action ON audit_events
WHEN OLD.cluster IS NOT NEW.cluster OR OLD.actor IS NOT NEW.actor OR OLD.action IS NOT NEW.action
BEGIN UPDATE audit_events_tally SET events = events - 1 WHERE cluster = coalesce(OLD.cluster, '') AND actor = OLD.actor AND action = OLD.action; INSERT INTO audit_events_tally (cluster, actor, action, events) VALUES (coalesce(NEW.cluster, ''), NEW.actor, NEW.action, 1) ON CONFLICT (cluster, actor, action) DO UPDATE SET events = events + 1; END;
