package io.examlops.fleet.jobs;

import io.examlops.fleet.model.QueueEntry;
import java.time.Instant;
import java.util.List;

/**
 * A cluster's queue (docs/cli.md, {@code hpc queue}).
 *
 * @param snapshotId the snapshot the queue was recorded with; {@code null} when read from the
 *     scheduler now, or when none was recorded
 * @param takenAt when the queue was read; {@code null} when none was recorded
 * @param failure why the queue could not be read when it was recorded; {@code null} when it was
 * @param jobs the jobs queued, all users
 */
public record QueueResult(
    String cluster, Long snapshotId, Instant takenAt, String failure, List<QueueEntry> jobs) {
  public QueueResult {
    jobs = List.copyOf(jobs);
  }
}
