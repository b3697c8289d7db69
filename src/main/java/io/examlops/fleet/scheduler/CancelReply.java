package io.examlops.fleet.scheduler;

import java.util.Objects;

/**
 * What a scheduler said to a cancel request.
 *
 * @param outcome the normalized outcome
 * @param message the scheduler's own words (stderr, trimmed); empty when it said nothing
 */
public record CancelReply(Outcome outcome, String message) {

  public enum Outcome {
    /** The scheduler took the request; the job ends (or ended) as CANCELLED. */
    REQUESTED,
    /** The job had already ended or was ending. */
    ALREADY_ENDED,
    /** No such job (also an id in a form the scheduler does not accept). */
    NOT_FOUND,
    /** The job belongs to someone else. */
    PERMISSION_DENIED,
    /** Anything else; see the message. */
    FAILED
  }

  public CancelReply {
    Objects.requireNonNull(outcome, "outcome");
    message = message == null ? "" : message.trim();
  }
}
