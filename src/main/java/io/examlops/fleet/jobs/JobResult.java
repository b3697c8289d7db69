package io.examlops.fleet.jobs;

import io.examlops.fleet.model.TrackedJob;
import java.util.List;

/**
 * One tracked job (a row of {@code hpc jobs}).
 *
 * @param job the job as last seen
 * @param notes why it could not be asked about on its scheduler, in words; empty when it was, or
 *     needed not be
 */
public record JobResult(TrackedJob job, List<String> notes) {
  public JobResult {
    notes = List.copyOf(notes);
  }
}
