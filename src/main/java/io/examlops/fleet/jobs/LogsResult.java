package io.examlops.fleet.jobs;

import io.examlops.fleet.model.TrackedJob;

/**
 * What reading a job's output ended with (the text itself went to the caller's sink).
 *
 * @param job the job as last seen
 * @param output where its output is: a path on its cluster, or here for the mock backend
 * @param found whether the output file existed at the end
 * @param followed whether the job was followed to its end
 * @param offset where in the output the text passed on ends: the next read's offset
 */
public record LogsResult(
    TrackedJob job, String output, boolean found, boolean followed, long offset) {}
