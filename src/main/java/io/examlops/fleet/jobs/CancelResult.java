package io.examlops.fleet.jobs;

import io.examlops.fleet.model.CancelOutcome;
import io.examlops.fleet.model.TrackedJob;

/** A cancellation (docs/cli.md, {@code hpc cancel}): what the scheduler said, and the job after. */
public record CancelResult(CancelOutcome outcome, String message, TrackedJob job) {}
