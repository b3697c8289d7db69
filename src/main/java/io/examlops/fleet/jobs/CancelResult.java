package io.examlops.fleet.jobs;

import io.examlops.fleet.model.TrackedJob;
import io.examlops.fleet.scheduler.CancelReply;

/** A cancellation (docs/cli.md, {@code hpc cancel}): what the scheduler said, and the job after. */
public record CancelResult(CancelReply.Outcome outcome, String message, TrackedJob job) {}
