package io.examlops.fleet.jobs;

import io.examlops.fleet.model.FleetException;

/**
 * Follow a tracked job until it ends, or until {@code timeoutSeconds} pass.
 *
 * @param job the fleet's job id, or the scheduler's
 * @param timeoutSeconds from 1 to {@link #MAX_TIMEOUT_SECONDS}
 */
public record FollowRequest(String job, int timeoutSeconds) {
  /** The longest follow: a week, longer than any partition limit we have met. */
  public static final int MAX_TIMEOUT_SECONDS = 7 * 24 * 3600;

  /** A follow's default limit: an hour. */
  public static final int DEFAULT_TIMEOUT_SECONDS = 3600;

  public FollowRequest {
    requireTimeout(timeoutSeconds);
  }

  /**
   * Refuses a follow limit out of range; surfaces call it before submitting, so that a bad limit
   * never leaves a job behind.
   */
  public static void requireTimeout(int seconds) {
    if (seconds < 1 || seconds > MAX_TIMEOUT_SECONDS) {
      throw FleetException.invalid(
          "the wait timeout must be from 1 to "
              + MAX_TIMEOUT_SECONDS
              + " seconds (a week), got "
              + seconds,
          "timeoutSeconds");
    }
  }
}
