-- Version 2: the approval also pins the scheduler, the transport and (Flux) the instance URI.
-- Approvals made before keep what they approved: the scheduler and transport then registered.
ALTER TABLE hpc_clusters ADD COLUMN pinned_scheduler TEXT;
ALTER TABLE hpc_clusters ADD COLUMN pinned_transport TEXT;
ALTER TABLE hpc_clusters ADD COLUMN pinned_flux_uri TEXT;
UPDATE hpc_clusters SET pinned_scheduler = scheduler, pinned_transport = transport
  WHERE state = 'ACTIVE';
