package io.examlops.fleet.scheduling.flux;

import io.examlops.fleet.model.JobAccounting;
import io.examlops.fleet.model.JobState;
import io.examlops.fleet.model.QueueEntry;
import io.examlops.fleet.model.SchedulerKind;
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
    String waitingFor) {

  QueueEntry toQueueEntry() {
    return new QueueEntry(
        SchedulerKind.FLUX,
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

  /** A negative return code is a signal number (RFC 21); otherwise the exit status. */
  JobAccounting toAccounting() {
    boolean signalled = returnCode != null && returnCode < 0;
    return new JobAccounting(
        SchedulerKind.FLUX,
        FluxJobId.toF58Plain(id),
        name,
        user,
        bank,
        queue,
        state,
        rawState,
        signalled ? null : returnCode,
        signalled ? -returnCode : null,
        runtime,
        started,
        ended,
        nodes,
        nodeList,
        null);
  }
}
