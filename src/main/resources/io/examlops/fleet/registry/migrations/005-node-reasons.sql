-- Version 4: a snapshot keeps why a node takes no work (Slurm's node Reason, a Flux drain reason),
-- which snapshots taken before did not store: theirs read as unknown (NULL).
ALTER TABLE hpc_nodes ADD COLUMN reason TEXT;
