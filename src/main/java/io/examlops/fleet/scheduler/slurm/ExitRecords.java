package io.examlops.fleet.scheduler.slurm;

import io.examlops.fleet.transport.ShellQuote;
import java.util.List;

/**
 * The exit-status record a Slurm job leaves beside its output ({@code ~/examlops-ID.exit}), so that
 * the tracker learns how a job ended when neither slurmctld (which forgets ended jobs after {@code
 * MinJobAge}) nor accounting (absent without slurmdbd) knows it. What the job script writes and the
 * command that reads it back live here together, so they cannot drift apart.
 *
 * <p>The file holds {@code started EPOCH} from the job's first line and {@code exited STATUS EPOCH}
 * from an EXIT trap, times as epoch seconds (no zone involved). A job killed with SIGKILL, or whose
 * script replaces the EXIT trap or {@code exec}s another program, leaves only the first line.
 */
public final class ExitRecords {
  /**
   * Where the job writes it: the submit directory, which is the home directory because sbatch runs
   * there (and where the output file goes).
   */
  private static final String RECORD =
      "\"${SLURM_SUBMIT_DIR:-$HOME}/examlops-${SLURM_JOB_ID}.exit\"";

  private ExitRecords() {}

  /** The shell lines the job script runs first (POSIX sh: bash, dash, ksh and zsh take them). */
  public static List<String> scriptLines() {
    return scriptLines(null);
  }

  /**
   * As {@link #scriptLines()}, the record also holding the submission's mark ({@code mark MARK}),
   * so that a job whose submitter stopped before recording it is found once slurmctld forgot it.
   */
  public static List<String> scriptLines(String mark) {
    List<String> lines = new java.util.ArrayList<>();
    lines.add(
        "# examlops: record start and exit status beside the output, for tracking without sacct");
    lines.add("echo \"started $(date +%s)\" > " + RECORD);
    if (mark != null) {
      lines.add("echo " + ShellQuote.quote(SlurmMarks.recordLine(mark)) + " >> " + RECORD);
    }
    lines.add("trap 'echo \"exited $? $(date +%s)\" >> " + RECORD + "' EXIT");
    return lines;
  }

  /** The file of one job, relative to the home directory. */
  public static String file(String jobId) {
    return "examlops-" + jobId + ".exit";
  }

  /**
   * Prints, for each id, a line {@code == ID} and then its record, if any. Ids are shell-quoted.
   */
  public static String command(List<String> jobIds) {
    StringBuilder line = new StringBuilder("cd ~ && for id in");
    jobIds.forEach(id -> line.append(' ').append(ShellQuote.quote(id)));
    return line.append("; do echo \"== $id\"; if [ -r \"examlops-$id.exit\" ]; then")
        .append(" cat \"examlops-$id.exit\"; fi; done")
        .toString();
  }
}
