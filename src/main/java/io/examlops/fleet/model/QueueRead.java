package io.examlops.fleet.model;

import java.util.List;

/**
 * A cluster's queue as read at a refresh: its jobs, or why it could not be read.
 *
 * @param jobs the queue's jobs in the scheduler's order; empty when it could not be read
 * @param failure why the queue could not be read; {@code null} when it was
 */
public record QueueRead(List<QueueEntry> jobs, String failure) {
  public QueueRead {
    jobs = List.copyOf(jobs);
  }

  public static QueueRead of(List<QueueEntry> jobs) {
    return new QueueRead(jobs, null);
  }

  public static QueueRead failed(String why) {
    return new QueueRead(List.of(), why);
  }
}
