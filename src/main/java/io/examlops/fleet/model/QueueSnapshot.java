package io.examlops.fleet.model;

import java.time.Instant;

/**
 * A cluster's queue as recorded with a node snapshot.
 *
 * @param snapshotId the node snapshot it was recorded with
 * @param takenAt when that snapshot was saved
 */
public record QueueSnapshot(long snapshotId, String cluster, Instant takenAt, QueueRead queue) {}
