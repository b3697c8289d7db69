-- Version 8: what only one scheduler needs is its adapter's own setting, and the approval pins the
-- adapter's settings whatever they are: one JSON object, setting name (as clusters.yaml writes it)
-- to value, NULL when there are none. The Flux instance pinned so far becomes its flux_uri setting.
ALTER TABLE hpc_clusters ADD COLUMN pinned_settings_json TEXT;
UPDATE hpc_clusters SET pinned_settings_json = json_object('flux_uri', pinned_flux_uri)
  WHERE pinned_flux_uri IS NOT NULL;
ALTER TABLE hpc_clusters DROP COLUMN pinned_flux_uri;
