package io.examlops.fleet.scheduler.slurm;

import io.examlops.fleet.scheduler.ProbeException;
import io.examlops.fleet.scheduler.SubmitReply;
import io.examlops.fleet.transport.CommandResult;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads what {@code sbatch} answered: {@code N} or {@code N;cluster} with {@code --parsable},
 * {@code Submitted batch job N[ on cluster C]} without it; on failure, its own stderr text.
 */
public final class SbatchParser {
  private static final Pattern PARSABLE = Pattern.compile("(\\d+)(?:;(\\S+))?");
  private static final Pattern PLAIN =
      Pattern.compile("Submitted batch job (\\d+)(?: on cluster (\\S+))?");

  private SbatchParser() {}

  /**
   * Accepted with the job id when sbatch exited 0; rejected with sbatch's message otherwise ({@code
   * sbatch: error: invalid partition specified: nosuch}, ...). Warnings sbatch prints on stderr
   * beside an id do not make a rejection.
   *
   * @throws ProbeException when sbatch exited 0 but printed no job id
   */
  public static SubmitReply parse(CommandResult result) {
    if (!result.ok()) {
      return SubmitReply.rejected(failureMessage(result));
    }
    String[] lines = result.stdout().split("\\R");
    for (int i = 0; i < lines.length; i++) {
      String line = lines[i].strip();
      if (line.isEmpty()) {
        continue;
      }
      Matcher m = PARSABLE.matcher(line);
      if (!m.matches()) {
        m = PLAIN.matcher(line);
      }
      if (!m.matches()) {
        throw ProbeException.badLine(
            result.command(), i + 1, lines[i], "expected a job id ('N' or 'N;cluster')");
      }
      return SubmitReply.accepted(List.of(m.group(1)), m.group(2));
    }
    throw new ProbeException(
        "`"
            + result.command()
            + "` exited 0 but printed no job id; stderr: '"
            + result.stderr().strip()
            + "'");
  }

  static String failureMessage(CommandResult result) {
    String stderr = result.stderr().strip();
    if (!stderr.isEmpty()) {
      return stderr;
    }
    String stdout = result.stdout().strip();
    return stdout.isEmpty() ? "exit status " + result.exitCode() + " with no message" : stdout;
  }
}
