-- A year of a two-cluster fleet for scripts/bench/history.sh: 100,000 jobs, every one ended but
-- the last 20 (running), and 50,000 audit events, spread over 365 days before 2026-12-01.
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 100000)
INSERT INTO hpc_jobs (cluster, scheduler_job_id, name, gpus, nodes, partition_name, state,
  submitted_by, submitted_at, started_at, ended_at, elapsed_seconds, gpu_hours, exit_code)
SELECT CASE i % 2 WHEN 0 THEN 'alpha' ELSE 'beta' END, 'mock-h' || i, 'train-' || (i % 50),
  1 + i % 4, 1, 'inline',
  CASE WHEN i > 99980 THEN 'RUNNING' WHEN i % 10 = 0 THEN 'FAILED' ELSE 'COMPLETED' END,
  'user' || (i % 30),
  strftime('%Y-%m-%dT%H:%M:%SZ', '2025-12-01', '+' || (i * 315) || ' seconds'),
  strftime('%Y-%m-%dT%H:%M:%SZ', '2025-12-01', '+' || (i * 315 + 20) || ' seconds'),
  CASE WHEN i > 99980 THEN NULL
       ELSE strftime('%Y-%m-%dT%H:%M:%SZ', '2025-12-01', '+' || (i * 315 + 3620) || ' seconds') END,
  CASE WHEN i > 99980 THEN NULL ELSE 3600 END,
  CASE WHEN i > 99980 THEN NULL ELSE 1 + i % 4 END,
  CASE WHEN i > 99980 THEN NULL WHEN i % 10 = 0 THEN 1 ELSE 0 END
FROM n;
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 50000)
INSERT INTO audit_events (at, actor, action, cluster, details_json, surface)
SELECT strftime('%Y-%m-%dT%H:%M:%SZ', '2025-12-01', '+' || (i * 630) || ' seconds'),
  'user' || (i % 30), 'submit', CASE i % 2 WHEN 0 THEN 'alpha' ELSE 'beta' END,
  '{"job":' || i || '}', 'cli'
FROM n;
