package io.examlops.fleet.scheduler.slurm;

import io.examlops.fleet.model.CancelOutcome;
import io.examlops.fleet.scheduler.CancelReply;
import io.examlops.fleet.transport.CommandResult;
import io.examlops.fleet.transport.ShellQuote;

/**
 * Reads what {@code scancel -v} answered. Without {@code -v}, scancel says nothing and exits 0 for
 * an id it does not know, so only the verbose form tells "not found" from "requested".
 */
public final class ScancelParser {
  /** scancel's exit status when the job belongs to someone else (ESLURM_ACCESS_DENIED). */
  private static final int ACCESS_DENIED = 210;

  private ScancelParser() {}

  /** {@code scancel -v <id>}, the id shell-quoted. */
  public static String command(String jobId) {
    return "scancel -v " + ShellQuote.quote(jobId);
  }

  public static CancelReply parse(CommandResult result) {
    String stderr = result.stderr();
    String errors =
        stderr.lines().filter(l -> l.contains("error:")).reduce((a, b) -> a + "\n" + b).orElse("");
    String message = errors.isEmpty() ? stderr : errors;
    if (result.exitCode() == ACCESS_DENIED || errors.contains("Access/permission denied")) {
      return new CancelReply(CancelOutcome.PERMISSION_DENIED, message);
    }
    if (errors.contains("Invalid job id")) {
      return new CancelReply(CancelOutcome.NOT_FOUND, message);
    }
    if (errors.contains("already completing or completed")) {
      return new CancelReply(CancelOutcome.ALREADY_ENDED, message);
    }
    if (result.ok() && errors.isEmpty()) {
      return new CancelReply(CancelOutcome.REQUESTED, message);
    }
    return new CancelReply(CancelOutcome.FAILED, SbatchParser.failureMessage(result));
  }
}
