package io.examlops.fleet.scheduler.slurm;

import io.examlops.fleet.scheduler.PreflightAsk;
import io.examlops.fleet.scheduler.SchedulerAdapter;
import io.examlops.fleet.scheduler.StartEstimate;
import io.examlops.fleet.transport.CommandResult;
import io.examlops.fleet.transport.CommandRunner;
import java.time.Instant;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Slurm's own start estimate, {@code sbatch --test-only}: the controller runs its scheduling logic
 * for the job as asked, without creating it, and says when and where it would start. The login
 * node's clock is read in the same command, so that "now" is the cluster's, not this machine's.
 */
final class SlurmStartEstimator implements SchedulerAdapter.StartEstimator {
  static final String SOURCE = "sbatch --test-only";

  /**
   * 22.05-25.05: {@code Job 12 to start at T using 4 processors on nodes g1 in partition gpu};
   * 25.11 adds a stray {@code a} before {@code using}; a federation adds {@code on cluster C}; a
   * heterogeneous job says {@code on g[1-2]} alone.
   */
  private static final Pattern ANSWER =
      Pattern.compile(
          "Job \\d+ to start at (\\S+)(?: on cluster \\S+)?(?: a)? using \\d+ processors on"
              + " (?:nodes )?(\\S+)(?: in partition (\\S+))?");

  private static final Pattern REFUSAL =
      Pattern.compile("^(?:sbatch: error: |allocation failure: )(.+)$", Pattern.MULTILINE);

  @Override
  public StartEstimate estimate(CommandRunner runner, PreflightAsk request, String partition) {
    return parse(runner.run(command(request, partition)));
  }

  /** The cluster's clock, then sbatch's answer (on its stderr) in UTC, on one stream. */
  static String command(PreflightAsk request, String partition) {
    StringBuilder line =
        new StringBuilder("date -u +%Y-%m-%dT%H:%M:%S && ")
            .append(SlurmTimes.IN_UTC)
            .append("sbatch --test-only -J examlops-estimate");
    SlurmBackend.resources(
        line, partition, request.account(), request.nodes(), request.gpus(), request.time());
    return line.append(" --wrap=true 2>&1").toString();
  }

  /** Pure: what the command printed, as an estimate. */
  static StartEstimate parse(CommandResult result) {
    if (result.commandNotFound()) {
      return StartEstimate.unavailable("sbatch is not on the login node's PATH", SOURCE);
    }
    String out = result.stdout();
    String[] lines = out.strip().split("\\R", 2);
    Instant askedAt;
    try {
      askedAt = SlurmTimes.parse(lines[0], SlurmTimes.ZONE);
      if (askedAt == null) {
        throw new IllegalArgumentException("no time");
      }
    } catch (IllegalArgumentException e) {
      return StartEstimate.unavailable(
          "the cluster's clock could not be read (`date -u` printed '" + lines[0] + "')", SOURCE);
    }
    String answer = lines.length > 1 ? lines[1] : "";
    Matcher start = ANSWER.matcher(answer);
    if (result.ok() && start.find()) {
      Instant at;
      try {
        at = SlurmTimes.parse(start.group(1), SlurmTimes.ZONE);
      } catch (IllegalArgumentException e) {
        return StartEstimate.unavailable("its start time " + e.getMessage(), SOURCE);
      }
      return at == null
          ? StartEstimate.unavailable("Slurm gave no start time ('" + answer.strip() + "')", SOURCE)
          : StartEstimate.at(at, askedAt, start.group(2), start.group(3), SOURCE);
    }
    Matcher refusal = REFUSAL.matcher(answer);
    if (!result.ok() && refusal.find()) {
      return StartEstimate.refused(refusal.group(1).strip(), SOURCE);
    }
    String first =
        answer.isBlank() ? "nothing" : "'" + answer.strip().lines().findFirst().get() + "'";
    return StartEstimate.unavailable(
        "`" + SOURCE + "` exited " + result.exitCode() + " and printed " + first, SOURCE);
  }
}
