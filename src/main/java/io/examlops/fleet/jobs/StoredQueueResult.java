package io.examlops.fleet.jobs;

import io.examlops.fleet.model.QueueEntry;
import java.time.Instant;
import java.util.List;

/**
 * A cluster's queue as the console's refresher last recorded it: {@code hpc queue}'s shape with
 * where and when it was read (docs/api.md).
 *
 * @param snapshotId the node snapshot it was recorded with; {@code null} when read live (the mock)
 *     or never recorded
 * @param takenAt when it was read; {@code null} when it never was
 * @param failure why the queue could not be read at that refresh (then {@code jobs} is empty)
 */
public record StoredQueueResult(
    String cluster, Long snapshotId, Instant takenAt, String failure, List<QueueEntry> jobs) {}
