package io.examlops.fleet.scheduler.flux;

import io.examlops.fleet.model.JobAccounting;
import java.time.Instant;
import java.util.Objects;

/**
 * One tracked Flux job: its accounting plus what only Flux says about it.
 *
 * @param job the accounting (state, times, exit code or signal, queue)
 * @param submitted Flux's {@code t_submit}; {@code null} when the output did not carry it
 * @param reason Flux's own words for the job's end or wait, see {@link FluxJob#reason()}
 */
public record FluxJobReport(JobAccounting job, Instant submitted, String reason) {
  public FluxJobReport {
    Objects.requireNonNull(job, "job");
  }
}
