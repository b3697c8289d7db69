package io.examlops.fleet.scheduler.flux;

import io.examlops.fleet.model.UnitDuration;
import java.time.Duration;
import java.util.Optional;

/**
 * The policy Flux applies to jobs of one queue (or of an instance without queues), the queue's own
 * settings over the instance-wide ones: what {@code flux submit} checks before it accepts a job.
 *
 * @param queue the queue's name; {@code null} for an instance without queues
 * @param defaultDuration {@code policy.jobspec.defaults.system.duration}: what a job without a time
 *     limit gets; {@code null} when none is configured (the job is then unlimited)
 * @param durationLimit {@code policy.limits.duration}; {@code null} when unlimited
 * @param min {@code policy.limits.job-size.min}
 * @param max {@code policy.limits.job-size.max}
 */
public record FluxQueuePolicy(
    String queue,
    Duration defaultDuration,
    Duration durationLimit,
    FluxJobSize min,
    FluxJobSize max) {

  /**
   * Why Flux would refuse a job of this size, in words close to Flux's own ({@code requested ngpus
   * (4) exceeds policy limit of 2 for queue gpu}); empty when it would accept it.
   *
   * @param duration the job's time limit; {@code null} when it gives none
   */
  public Optional<String> refusal(int nnodes, int ncores, int ngpus, Duration duration) {
    Duration asked = duration != null ? duration : defaultDuration;
    if (durationLimit != null && (asked == null || asked.compareTo(durationLimit) > 0)) {
      return Optional.of(
          "requested duration ("
              + (asked == null ? "unlimited" : UnitDuration.text(asked))
              + ") exceeds policy limit of "
              + UnitDuration.text(durationLimit)
              + where()
              + (duration == null ? "; give a time limit" : ""));
    }
    return size("nnodes", nnodes, min.nnodes(), max.nnodes())
        .or(() -> size("ncores", ncores, min.ncores(), max.ncores()))
        .or(() -> size("ngpus", ngpus, min.ngpus(), max.ngpus()));
  }

  private Optional<String> size(String what, int asked, Integer least, Integer most) {
    if (most != null && asked > most) {
      return Optional.of(
          "requested " + what + " (" + asked + ") exceeds policy limit of " + most + where());
    }
    if (least != null && asked < least) {
      return Optional.of(
          "requested " + what + " (" + asked + ") is below policy minimum of " + least + where());
    }
    return Optional.empty();
  }

  private String where() {
    return queue == null ? "" : " for queue " + queue;
  }
}
