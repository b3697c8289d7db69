package io.examlops.fleet.jobs;

import io.examlops.fleet.model.ReadFrom;

/**
 * Tracked submissions, newest first.
 *
 * @param cluster only this cluster's; {@code null}: all
 * @param model only this model's; {@code null}: all
 * @param state only jobs in this state (a job state's label); {@code null}: all
 * @param from {@link ReadFrom#SCHEDULER}: ask the schedulers about unfinished jobs first; {@link
 *     ReadFrom#STORE}: as last recorded; {@code null}: the schedulers
 */
public record JobsRequest(String cluster, String model, String state, ReadFrom from) {
  public JobsRequest {
    from = from == null ? ReadFrom.SCHEDULER : from;
  }
}
