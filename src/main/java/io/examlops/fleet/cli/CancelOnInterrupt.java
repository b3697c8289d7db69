package io.examlops.fleet.cli;

import io.examlops.fleet.Fleet;
import io.examlops.fleet.jobs.CancelRequest;
import io.examlops.fleet.jobs.CancelResult;
import io.examlops.fleet.jobs.DetachRequest;
import io.examlops.fleet.model.Actor;
import io.examlops.fleet.model.TrackedJob;
import java.io.PrintWriter;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * From the moment {@code submit --wait} starts submitting until it stops following its job, a
 * SIGTERM or SIGINT (how Jenkins aborts a {@code sh} step, or Ctrl-C) cancels the job on its
 * cluster before the process ends, unless the caller asked to leave it running: an aborted build
 * leaves nothing behind in the queue. A signal during the submission waits for it to end (the
 * process keeps running while shutdown hooks do), then cancels what it submitted. The JVM runs
 * shutdown hooks on both signals; SIGKILL gives no chance, which is why CI tools send SIGTERM
 * first.
 */
final class CancelOnInterrupt implements AutoCloseable {
  /** How long a signal during the submission waits for it: past the transport's timeouts. */
  private static final long SUBMISSION_GRACE_SECONDS = 90;

  private final Thread hook;
  private final CompletableFuture<TrackedJob> job = new CompletableFuture<>();
  private volatile boolean done;

  CancelOnInterrupt(Fleet fleet, Actor actor, boolean leaveRunning, PrintWriter err) {
    hook =
        new Thread(
            () -> {
              if (!done) {
                submitted(job, err).ifPresent(j -> interrupted(fleet, actor, j, leaveRunning, err));
              }
            },
            "exa-cancel-on-interrupt");
    Runtime.getRuntime().addShutdownHook(hook);
  }

  /** The job the submission made (or re-attached to): what a signal from now on cancels. */
  void submitted(TrackedJob submitted) {
    job.complete(submitted);
  }

  /** The submission failed: there is nothing to cancel. */
  void failed(RuntimeException why) {
    job.completeExceptionally(why);
  }

  /** The submitted job, once the submission ends; empty when it failed, or the follow ended. */
  private static Optional<TrackedJob> submitted(
      CompletableFuture<TrackedJob> job, PrintWriter err) {
    try {
      return Optional.of(job.get(SUBMISSION_GRACE_SECONDS, TimeUnit.SECONDS));
    } catch (ExecutionException | CancellationException e) {
      return Optional.empty();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return Optional.empty();
    } catch (TimeoutException e) {
      err.println(
          "exa: interrupted while submitting, which did not end in "
              + SUBMISSION_GRACE_SECONDS
              + " s: see whether it reached its cluster with exa hpc jobs, and cancel it with exa"
              + " hpc cancel");
      err.flush();
      return Optional.empty();
    }
  }

  private static void interrupted(
      Fleet fleet, Actor actor, TrackedJob job, boolean leaveRunning, PrintWriter err) {
    String which = "job " + job.id() + " (" + job.cluster() + " " + job.schedulerJobId() + ")";
    if (leaveRunning) {
      // Left running on purpose: a lease would have the console cancel it once nobody follows.
      fleet.jobs().detach(actor, new DetachRequest(io.examlops.fleet.model.JobRef.fleet(job.id())));
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
      CancelResult cancelled =
          fleet
              .jobs()
              .cancel(actor, new CancelRequest(io.examlops.fleet.model.JobRef.fleet(job.id())));
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
    job.cancel(false);
    try {
      Runtime.getRuntime().removeShutdownHook(hook);
    } catch (IllegalStateException e) {
      // the process is already shutting down: the hook sees `done` and does nothing
    }
  }
}
