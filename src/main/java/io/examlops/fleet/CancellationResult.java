package io.examlops.fleet;

import io.examlops.fleet.model.CancelResult;
import io.examlops.fleet.model.TrackedJob;

/** A cancellation (docs/cli.md, {@code hpc cancel}): what the scheduler said, and the job after. */
public record CancellationResult(CancelResult.Outcome outcome, String message, TrackedJob job) {}
