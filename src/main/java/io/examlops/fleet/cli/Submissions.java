package io.examlops.fleet.cli;

import io.examlops.fleet.Fleet;
import io.examlops.fleet.jobs.DetachRequest;
import io.examlops.fleet.jobs.FollowRequest;
import io.examlops.fleet.jobs.JobService;
import io.examlops.fleet.jobs.LogsRequest;
import io.examlops.fleet.jobs.SubmitResult;
import io.examlops.fleet.model.Actor;
import io.examlops.fleet.model.JobState;
import io.examlops.fleet.model.TrackedJob;
import java.util.function.BiFunction;

/** The part of submitting that `hpc submit` and `pipeline run` share: submit, follow, print. */
final class Submissions {
  private Submissions() {}

  /**
   * Submits, then with {@code --wait} follows the job to its end. The follow's limit is checked
   * first (given without {@code --wait} too), so that a bad one never leaves a job behind.
   */
  static int submit(
      FleetCommand command,
      SubmitOptions options,
      BiFunction<JobService, Actor, SubmitResult> submission)
      throws InterruptedException {
    JobService jobs = command.exa().fleet().jobs();
    FollowRequest.requireTimeout(options.waitTimeoutSeconds);
    Actor actor = command.exa().actor();
    if (!options.await) {
      return submitted(command, options, actor, submission.apply(jobs, actor), null);
    }
    // Guarded from before the submission: a signal while it runs cancels what it submits.
    try (CancelOnInterrupt guard =
        new CancelOnInterrupt(
            command.exa().fleet(), actor, options.leaveRunning, command.output().err())) {
      SubmitResult submitted;
      try {
        submitted = submission.apply(jobs, actor);
      } catch (RuntimeException e) {
        guard.failed(e);
        throw e;
      }
      guard.submitted(submitted.job());
      return submitted(command, options, actor, submitted, guard);
    }
  }

  /** Prints the submission and, with {@code --wait}, follows it under {@code guard}. */
  private static int submitted(
      FleetCommand command,
      SubmitOptions options,
      Actor actor,
      SubmitResult submitted,
      CancelOnInterrupt guard)
      throws InterruptedException {
    TrackedJob job = submitted.job();
    Output output = command.output();
    if (submitted.placement() != null && !output.json()) {
      PlaceCommand.print(output.err(), submitted.placement());
    }
    if (submitted.reattached()) {
      output
          .err()
          .println(
              "exa: re-attached to job "
                  + job.id()
                  + " ("
                  + job.cluster()
                  + " "
                  + job.schedulerJobId()
                  + "), tagged "
                  + options.tag
                  + ", which is still "
                  + job.state().label()
                  + "; nothing new was submitted");
    }
    if (options.await) {
      if (!output.json()) {
        output
            .err()
            .println(
                "exa: following job "
                    + job.id()
                    + " ("
                    + job.cluster()
                    + " "
                    + job.schedulerJobId()
                    + ") until it ends");
      }
      job = follow(command.exa().fleet(), actor, job, options, output, guard);
      submitted =
          new SubmitResult(job, submitted.placement(), submitted.output(), submitted.reattached());
    }
    String outputFile = submitted.output();
    TrackedJob shown = job;
    output.emit(
        submitted,
        () -> {
          output
              .out()
              .println(
                  "Submitted job "
                      + shown.id()
                      + " to "
                      + shown.cluster()
                      + (shown.partition() == null ? "" : " (partition " + shown.partition() + ")")
                      + " as "
                      + shown.schedulerJobId()
                      + " ("
                      + shown.name()
                      + ", "
                      + Plural.of(shown.gpus(), "GPU")
                      + "): "
                      + shown.state().label()
                      + (shown.state().terminal() && shown.exitCode() != null
                          ? ", exit code " + shown.exitCode()
                          : "")
                      + (shown.state() == JobState.LOST ? " (" + shown.reason() + ")" : ""));
          output
              .out()
              // always on its cluster: an absolute --output is a path there too
              .println("  output: " + outputFile + " on " + shown.cluster());
        });
    if (options.await && !job.state().terminal()) {
      // The job keeps its place, as said below: no lease may cancel it now nobody follows it.
      command
          .exa()
          .fleet()
          .jobs()
          .detach(actor, new DetachRequest(io.examlops.fleet.model.JobRef.fleet(job.id())));
    }
    if (options.await && !job.state().terminal() && !output.json()) {
      output
          .err()
          .println(
              "exa: stopped following job "
                  + job.id()
                  + " after "
                  + options.waitTimeoutSeconds
                  + " s (--wait-timeout); it is "
                  + job.state().label()
                  + " and keeps its place on "
                  + job.cluster()
                  + ": follow it with exa hpc jobs, or"
                  + " exa hpc cancel "
                  + job.id());
    }
    if (options.await) {
      return job.state() == JobState.COMPLETED ? ExitCode.OK : ExitCode.FAILED;
    }
    return ExitCode.OK;
  }

  /**
   * Follows the job to its end or the wait's limit, its output on stderr with {@code --log}; an
   * interrupt meanwhile cancels it ({@code guard}, see {@link CancelOnInterrupt}), and nothing once
   * it is over.
   */
  private static TrackedJob follow(
      Fleet fleet,
      Actor actor,
      TrackedJob job,
      SubmitOptions options,
      Output output,
      CancelOnInterrupt guard)
      throws InterruptedException {
    String id = io.examlops.fleet.model.JobRef.fleet(job.id());
    try (guard) {
      if (!options.log) {
        return fleet.jobs().follow(actor, new FollowRequest(id, options.waitTimeoutSeconds)).job();
      }
      return fleet
          .jobs()
          .logs(
              actor,
              new LogsRequest(id, true, options.waitTimeoutSeconds),
              text -> {
                output.err().print(text);
                output.err().flush();
              })
          .job();
    }
  }
}
