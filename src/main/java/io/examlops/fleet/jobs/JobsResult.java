package io.examlops.fleet.jobs;

import io.examlops.fleet.model.TrackedJob;
import java.util.List;

/**
 * Tracked jobs (docs/cli.md, {@code hpc jobs}).
 *
 * @param notes what could not be refreshed, in words
 */
public record JobsResult(List<TrackedJob> jobs, List<String> notes) {}
