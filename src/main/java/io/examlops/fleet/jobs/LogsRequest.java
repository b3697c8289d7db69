package io.examlops.fleet.jobs;

/**
 * Read a tracked job's output, or follow it while the job runs (docs/cli.md, {@code hpc logs}).
 *
 * @param job the fleet's job id, or the scheduler's
 * @param follow whether to go on reading until the job ends
 * @param timeoutSeconds with {@code follow}: stop after this long, the job left running
 * @param offset how many bytes of the output to skip: what a reader already has
 */
public record LogsRequest(String job, boolean follow, int timeoutSeconds, long offset) {
  public LogsRequest {
    io.examlops.fleet.model.JobRef.parse(job);
    FollowRequest.requireTimeout(timeoutSeconds);
    if (offset < 0) {
      throw io.examlops.fleet.model.FleetException.invalid(
          "the output offset must be 0 or more bytes, got " + offset, "offset");
    }
  }

  /** The output from its start. */
  public LogsRequest(String job, boolean follow, int timeoutSeconds) {
    this(job, follow, timeoutSeconds, 0);
  }
}
