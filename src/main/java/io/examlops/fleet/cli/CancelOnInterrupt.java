package io.examlops.fleet.cli;

import io.examlops.fleet.CancelRequest;
import io.examlops.fleet.CancellationResult;
import io.examlops.fleet.Fleet;
import io.examlops.fleet.model.Actor;
import io.examlops.fleet.model.TrackedJob;
import java.io.PrintWriter;

/**
 * While {@code submit --wait} follows its job, a SIGTERM or SIGINT (how Jenkins aborts a {@code sh}
 * step, or Ctrl-C) cancels the job on its cluster before the process ends, unless the caller asked
 * to leave it running: an aborted build leaves nothing behind in the queue. The JVM runs shutdown
 * hooks on both signals; SIGKILL gives no chance, which is why CI tools send SIGTERM first.
 */
final class CancelOnInterrupt implements AutoCloseable {
  private final Thread hook;
  private volatile boolean done;

  CancelOnInterrupt(
      Fleet fleet, Actor actor, TrackedJob job, boolean leaveRunning, PrintWriter err) {
    hook =
        new Thread(
            () -> {
              if (!done) {
                interrupted(fleet, actor, job, leaveRunning, err);
              }
            },
            "exa-cancel-on-interrupt");
    Runtime.getRuntime().addShutdownHook(hook);
  }

  private static void interrupted(
      Fleet fleet, Actor actor, TrackedJob job, boolean leaveRunning, PrintWriter err) {
    String which = "job " + job.id() + " (" + job.cluster() + " " + job.schedulerJobId() + ")";
    if (leaveRunning) {
      err.println(
          "exa: interrupted while following "
              + which
              + "; it keeps running"
              + " (--leave-running): follow it with exa hpc logs "
              + job.id()
              + " --follow, or"
              + " cancel it with exa hpc cancel "
              + job.id());
      err.flush();
      return;
    }
    try {
      CancellationResult cancelled =
          fleet.cancel(actor, new CancelRequest(Long.toString(job.id())));
      err.println(
          "exa: interrupted: cancelled "
              + which
              + " on its cluster ("
              + cancelled.outcome().name().toLowerCase(java.util.Locale.ROOT).replace('_', ' ')
              + "), now "
              + cancelled.job().state().label());
    } catch (RuntimeException e) {
      err.println(
          "exa: interrupted, but "
              + which
              + " could not be cancelled: "
              + e.getMessage()
              + "; cancel it with exa hpc cancel "
              + job.id());
    }
    err.flush();
  }

  @Override
  public void close() {
    done = true;
    try {
      Runtime.getRuntime().removeShutdownHook(hook);
    } catch (IllegalStateException e) {
      // the process is already shutting down: the hook sees `done` and does nothing
    }
  }
}
