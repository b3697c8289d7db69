package io.examlops.fleet.remote;

import io.examlops.fleet.jobs.JobService;
import io.examlops.fleet.placement.PlacementService;

/**
 * The services an agent uses in central mode: each operation is asked of the console, which alone
 * holds the clusters' credentials and talks to them.
 */
public record Gateway(PlacementService placement, JobService jobs) {}
