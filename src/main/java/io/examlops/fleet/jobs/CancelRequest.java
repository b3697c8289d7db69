package io.examlops.fleet.jobs;

/**
 * Cancel a tracked job ({@code exa hpc cancel}).
 *
 * @param job the fleet's job id, or the scheduler's
 * @param by who asks, when only the job's submitter or an admin may ({@link Standing}: a token's
 *     owner through the console); {@code null}: the fleet's own user (this machine's exa)
 */
public record CancelRequest(String job, Standing by) {
  /**
   * @throws io.examlops.fleet.model.FleetException naming {@code job} when it is no job id
   */
  public CancelRequest {
    io.examlops.fleet.model.JobRef.parse(job);
  }

  /** By this machine's user, who may cancel any job of its own registry. */
  public CancelRequest(String job) {
    this(job, null);
  }
}
