package io.examlops.fleet.model;

/** What became of a request to cancel a job, in every scheduler's words alike. */
public enum CancelOutcome {
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
