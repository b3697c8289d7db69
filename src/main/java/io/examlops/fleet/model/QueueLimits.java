package io.examlops.fleet.model;

/**
 * What a queue lets one job ask for, and whether it takes and starts jobs (Flux's queue policy and
 * state, as the last probe read them). A {@code null} limit is no limit.
 *
 * @param maxGpusPerJob the most GPUs one job may ask for
 * @param maxNodesPerJob the most nodes one job may ask for
 * @param takesJobs whether submissions are accepted (Flux: enabled)
 * @param startsJobs whether its jobs are started (Flux: started); a stopped queue's jobs wait
 * @param note the admin's message for a disabled or stopped queue; {@code null} when none
 */
public record QueueLimits(
    Integer maxGpusPerJob,
    Integer maxNodesPerJob,
    boolean takesJobs,
    boolean startsJobs,
    String note) {}
