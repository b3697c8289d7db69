package io.examlops.fleet.scheduler.slurm;

import io.examlops.fleet.scheduler.EndWatch;
import io.examlops.fleet.transport.CommandResult;
import io.examlops.fleet.transport.ShellQuote;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * The exit-status record a Slurm job leaves beside its output ({@code ~/examlops-ID.exit}), so that
 * the tracker learns how a job ended when neither slurmctld (which forgets ended jobs after {@code
 * MinJobAge}) nor accounting (absent without slurmdbd) knows it. What the job script writes and the
 * command that reads it back live here together, so they cannot drift apart.
 *
 * <p>The file holds {@code started EPOCH} from the job's first line, {@code limit EPOCH} where
 * Slurm tells the job its end time ({@code SLURM_JOB_END_TIME}, 23.02 and later), {@code signal N
 * EPOCH} from a trap on the signals Slurm sends at a time limit, a cancel or a preemption (SIGTERM)
 * and that users send (SIGINT, SIGHUP), and {@code exited STATUS EPOCH} from an EXIT trap; times as
 * epoch seconds (no zone involved). So a kill is told from an exit: a job Slurm stopped never reads
 * as exit 0. A job killed with SIGKILL before its shell could run the trap, or whose script
 * replaces the traps or {@code exec}s another program, leaves only the first lines.
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
    lines.add(
        "if [ -n \"${SLURM_JOB_END_TIME:-}\" ]; then echo \"limit $SLURM_JOB_END_TIME\" >> "
            + RECORD
            + "; fi");
    signalTrap(lines, 15, "TERM");
    signalTrap(lines, 2, "INT");
    signalTrap(lines, 1, "HUP");
    lines.add("trap 'echo \"exited $? $(date +%s)\" >> " + RECORD + "' EXIT");
    return lines;
  }

  /** Records the signal, then exits as a shell killed by it would (128 + N), which runs EXIT. */
  private static void signalTrap(List<String> lines, int number, String name) {
    lines.add(
        "trap 'echo \"signal "
            + number
            + " $(date +%s)\" >> "
            + RECORD
            + "; exit "
            + (128 + number)
            + "' "
            + name);
  }

  /** The file of one job, relative to the home directory. */
  public static String file(String jobId) {
    return "examlops-" + jobId + ".exit";
  }

  /** How often {@link #watchCommand} looks at the record: a stat and a read of a small file. */
  static final Duration WATCH_STEP = Duration.ofMillis(100);

  /** {@link #watchCommand}'s exit status when the time passed with no end recorded. */
  private static final int WATCH_QUIET = 3;

  /**
   * Looks at the job's record every {@link #WATCH_STEP} for about {@code upTo}, on the login node,
   * and exits 0 as soon as it holds the job's end ({@code exited}, which the EXIT trap writes after
   * every way the script ends but SIGKILL), {@value #WATCH_QUIET} when the time passed without it.
   * It asks slurmctld nothing: what it costs is the file system's (over NFS, close-to-open makes
   * each look see what the job's node wrote and closed). A {@code sleep} that takes no fraction of
   * a second stops it at once, with another status.
   */
  static String watchCommand(String jobId, Duration upTo) {
    // rounded down: each step also starts grep, so the watch already lasts a little longer than
    // asked
    long steps = Math.max(1, upTo.toMillis() / WATCH_STEP.toMillis());
    return "cd ~ && i=0; while [ $i -lt "
        + steps
        + " ]; do grep -qs '^exited ' "
        + ShellQuote.quote(file(jobId))
        + " && exit 0; sleep "
        + String.format(Locale.ROOT, "%.1f", WATCH_STEP.toMillis() / 1000.0)
        + " || exit 4; i=$((i+1)); done; exit "
        + WATCH_QUIET;
  }

  /**
   * What a {@link #watchCommand} came to: ENDED when the record holds the end, QUIET when the time
   * passed, UNWATCHABLE on anything else (no home directory, a shell or {@code sleep} that cannot
   * run it). Pure.
   */
  static EndWatch watchOutcome(CommandResult result) {
    if (result.ok()) {
      return EndWatch.ENDED;
    }
    return result.exitCode() == WATCH_QUIET ? EndWatch.QUIET : EndWatch.UNWATCHABLE;
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
