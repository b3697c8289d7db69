package io.examlops.fleet.registry;

/**
 * Called at each step between starting a write and finishing it, so that fault tests can stop a
 * process there (kill -9 at a known point) and check that nothing stored is lost or half-written.
 * The product passes {@link #NONE}; the tests supply their own.
 */
@FunctionalInterface
public interface WriteHook {
  /** Does nothing: every write runs through. */
  WriteHook NONE = step -> {};

  void reached(WriteStep step);

  /** The steps a write passes where a crash leaves the most to recover from. */
  enum WriteStep {
    /** clusters.yaml's new text is written beside it, not yet renamed over it. */
    CLUSTERS_YAML_BEFORE_RENAME,
    /** A snapshot is written in its transaction, not yet committed. */
    SNAPSHOT_BEFORE_COMMIT,
    /** A governance change (register, approve, reject, ...) and its audit event, not committed. */
    GOVERNANCE_BEFORE_COMMIT,
    /** A job's submission is recorded as submitting; nothing was sent to the scheduler yet. */
    JOB_RECORDED_BEFORE_SEND,
    /** The scheduler accepted a job; its record is not completed yet. */
    JOB_SENT_BEFORE_RECORD
  }
}
