package io.examlops.fleet.jobs;

/** Cancel a tracked job by the fleet's id or the scheduler's. */
public record CancelRequest(String job) {}
