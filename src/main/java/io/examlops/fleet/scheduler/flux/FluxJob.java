package io.examlops.fleet.scheduler.flux;

import io.examlops.fleet.model.JobAccounting;
import io.examlops.fleet.model.JobState;
import io.examlops.fleet.model.QueueEntry;
import java.time.Duration;
import java.time.Instant;

/**
 * One job as {@code flux jobs} describes it, whichever output form it came from. GPUs are not
 * there: {@code flux jobs} has no per-job GPU field; they come from the job's R ({@link FluxR}).
 */
record FluxJob(
    long id,
    String name,
    String user,
    String queue,
    String bank,
    JobState state,
    String rawState,
    Integer nodes,
    Integer cores,
    Duration runtime,
    Instant started,
    Instant ended,
    Integer returnCode,
    String nodeList,
    String waitingFor,
    Instant submitted,
    String exceptionType,
    String exceptionNote) {

  /** Flux's returncode for a job cancelled before it started: neither an exit nor a signal. */
  static final int CANCELLED_BEFORE_START = -128;

  QueueEntry toQueueEntry() {
    return new QueueEntry(
        FluxAdapter.KIND,
        FluxJobId.toF58Plain(id),
        name,
        user,
        state,
        rawState,
        queue,
        nodes,
        cores,
        null,
        runtime,
        state == JobState.PENDING ? waitingFor : null,
        nodeList);
  }

  /**
   * A negative return code is a signal number (RFC 21), except -128: cancelled before it started,
   * so it neither exited nor was signalled. Otherwise the exit status.
   */
  JobAccounting toAccounting() {
    boolean neverRan = returnCode != null && returnCode == CANCELLED_BEFORE_START;
    boolean signalled = returnCode != null && returnCode < 0 && !neverRan;
    return new JobAccounting(
        FluxAdapter.KIND,
        FluxJobId.toF58Plain(id),
        name,
        user,
        bank,
        queue,
        state,
        rawState,
        signalled || neverRan ? null : returnCode,
        signalled ? -returnCode : null,
        runtime,
        started,
        ended,
        nodes,
        nodeList,
        null);
  }

  /** What the tracker stores: the accounting, Flux's t_submit and Flux's own reason. */
  FluxJobReport toReport() {
    return new FluxJobReport(toAccounting(), submitted, reason());
  }

  /**
   * Flux's own words for why the job ended as it did (its exception's type and note) or why it
   * waits (the pending context: held, an eta, dependencies); {@code null} when Flux gives none.
   * Never matched on: the simple scheduler and Fluxion word the same condition differently.
   */
  String reason() {
    if (exceptionType != null) {
      return exceptionNote == null
          ? exceptionType + " exception"
          : exceptionType + " exception: " + exceptionNote;
    }
    return state == JobState.PENDING ? waitingFor : null;
  }
}
