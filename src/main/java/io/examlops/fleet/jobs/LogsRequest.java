package io.examlops.fleet.jobs;

/**
 * Read a tracked job's output, or follow it while the job runs (docs/cli.md, {@code hpc logs}).
 *
 * @param job the fleet's job id, or the scheduler's
 * @param follow whether to go on reading until the job ends
 * @param timeoutSeconds with {@code follow}: stop after this long, the job left running
 */
public record LogsRequest(String job, boolean follow, int timeoutSeconds) {
  public LogsRequest {
    FollowRequest.requireTimeout(timeoutSeconds);
  }
}
