package io.examlops.fleet.jobs;

/**
 * Tracked submissions, newest first.
 *
 * @param cluster only this cluster's; {@code null}: all
 * @param model only this model's; {@code null}: all
 * @param state only jobs in this state (a job state's label); {@code null}: all
 * @param refresh ask the schedulers about unfinished jobs first
 */
public record JobsRequest(String cluster, String model, String state, boolean refresh) {}
