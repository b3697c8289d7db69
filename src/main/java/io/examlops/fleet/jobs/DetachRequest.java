package io.examlops.fleet.jobs;

/**
 * Let a job run on when nobody follows it ({@code exa hpc detach}).
 *
 * @param job the fleet's job id, or the scheduler's
 */
public record DetachRequest(String job) {}
