package io.examlops.fleet.scheduler.slurm;

import io.examlops.fleet.model.JobState;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How a Slurm job ended, as its exit-code column prints it: {@code sacct ExitCode} and {@code
 * squeue -O exit_code} since 23.02 print {@code status:signal} ({@code 3:0}, {@code 0:15}); squeue
 * of 22.05 printed the raw wait status as one integer ({@code 768} = exit 3, {@code 15} = signal
 * 15). Both read to the same value, so a signal is never taken for exit 0.
 *
 * @param status the exit status of the job script (0 when a signal ended it)
 * @param signal the signal that ended it; 0 when none
 */
public record SlurmExitCode(int status, int signal) {
  private static final Pattern PAIR = Pattern.compile("(\\d{1,3}):(\\d{1,3})");
  private static final Pattern WAIT_STATUS = Pattern.compile("-?\\d{1,10}");

  /**
   * Reads either form; {@code null} for an empty value (Slurm prints none before the job ended).
   *
   * @param column the column's name, for the message
   * @throws IllegalArgumentException naming the column and both accepted forms
   */
  public static SlurmExitCode parse(String column, String value) {
    if (value == null || value.isBlank()) {
      return null;
    }
    String v = value.strip();
    Matcher pair = PAIR.matcher(v);
    if (pair.matches()) {
      return new SlurmExitCode(Integer.parseInt(pair.group(1)), Integer.parseInt(pair.group(2)));
    }
    if (WAIT_STATUS.matcher(v).matches()) {
      long raw = Long.parseLong(v);
      if (raw < 0 || raw > 0xffff) {
        // 22.05 printed NO_VAL (no exit status yet) as a large or negative number.
        return null;
      }
      int waitStatus = (int) raw;
      return new SlurmExitCode((waitStatus >> 8) & 0xff, waitStatus & 0x7f);
    }
    throw new IllegalArgumentException(
        column
            + " '"
            + value
            + "' is neither status:signal (Slurm 23.02 and later, e.g. 3:0) nor a wait status"
            + " (squeue of 22.05, e.g. 768)");
  }

  /**
   * The exit status to report for a job that ended in {@code state}. A job Slurm stopped (cancelled
   * while pending or running, killed at its time limit) whose code is {@code 0:0} has no exit
   * status: it never ran, or its script never exited by itself; reading that as exit 0 would call
   * it a success.
   */
  public Integer statusIn(JobState state) {
    boolean exited = state == JobState.COMPLETED || state == JobState.FAILED;
    return exited || status != 0 ? status : null;
  }

  /** The signal, or {@code null} when none ended the job. */
  public Integer signalOrNull() {
    return signal == 0 ? null : signal;
  }
}
