package io.examlops.fleet.scheduler;

import io.examlops.fleet.model.CancelOutcome;
import java.util.Objects;

/**
 * What a scheduler said to a cancel request.
 *
 * @param outcome the normalized outcome
 * @param message the scheduler's own words (stderr, trimmed); empty when it said nothing
 */
public record CancelReply(CancelOutcome outcome, String message) {
  public CancelReply {
    Objects.requireNonNull(outcome, "outcome");
    message = message == null ? "" : message.trim();
  }
}
