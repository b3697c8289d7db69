package io.examlops.fleet.jobs;

import io.examlops.fleet.model.JobRef;
import io.examlops.fleet.model.ReadFrom;

/**
 * One tracked job, by the fleet's id or the scheduler's.
 *
 * @param job the fleet's job id, or the scheduler's
 * @param from {@link ReadFrom#SCHEDULER}: ask its scheduler first when it has not ended; {@link
 *     ReadFrom#STORE}: as last recorded; {@code null}: the scheduler
 */
public record JobRequest(String job, ReadFrom from) {
  /**
   * @throws io.examlops.fleet.model.FleetException naming {@code job} when it is no job id
   */
  public JobRequest {
    JobRef.parse(job);
    from = from == null ? ReadFrom.SCHEDULER : from;
  }
}
