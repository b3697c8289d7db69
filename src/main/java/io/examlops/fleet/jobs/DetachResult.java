package io.examlops.fleet.jobs;

import io.examlops.fleet.model.TrackedJob;

/**
 * A detached job.
 *
 * @param job the job as recorded
 * @param wasLeased whether a lease would have cancelled it had it lapsed
 */
public record DetachResult(TrackedJob job, boolean wasLeased) {}
