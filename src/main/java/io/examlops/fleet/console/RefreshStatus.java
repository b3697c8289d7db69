package io.examlops.fleet.console;

import java.time.Instant;

/**
 * Where the refresher stands with one cluster. Times are {@code null} until the event happened.
 *
 * @param lastFailure why the last failed refresh failed, in the core's words
 * @param failures failures in a row since the last success (the backoff grows with them)
 * @param nextDueAt when the refresher takes the next snapshot
 */
public record RefreshStatus(
    Instant lastAttemptAt,
    Instant lastSuccessAt,
    Instant lastFailureAt,
    String lastFailure,
    int failures,
    Instant nextDueAt,
    boolean running) {
  static final RefreshStatus NEVER = new RefreshStatus(null, null, null, null, 0, null, false);

  RefreshStatus started(Instant now) {
    return new RefreshStatus(
        now, lastSuccessAt, lastFailureAt, lastFailure, failures, nextDueAt, true);
  }

  RefreshStatus succeeded(Instant now, Instant next) {
    return new RefreshStatus(lastAttemptAt, now, lastFailureAt, lastFailure, 0, next, false);
  }

  RefreshStatus failed(Instant now, String why, Instant next) {
    return new RefreshStatus(lastAttemptAt, lastSuccessAt, now, why, failures + 1, next, false);
  }

  RefreshStatus dueAt(Instant next) {
    return new RefreshStatus(
        lastAttemptAt, lastSuccessAt, lastFailureAt, lastFailure, failures, next, running);
  }
}
