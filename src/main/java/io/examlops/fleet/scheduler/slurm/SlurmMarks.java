package io.examlops.fleet.scheduler.slurm;

import io.examlops.fleet.transport.ShellQuote;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finding a job by the mark it was submitted with ({@code sbatch --comment}, and a {@code mark}
 * line of its exit-status record): {@code squeue -t all} knows it while slurmctld remembers it, the
 * record from the moment it started, with or without accounting. Commands and their readers live
 * together here.
 */
final class SlurmMarks {
  private static final Pattern RECORD_FILE = Pattern.compile("examlops-(\\d+(?:_\\d+)?)\\.exit");

  private SlurmMarks() {}

  /** {@code squeue -h -a -t all -n NAME -o '%i|%k'}: every job of that name with its comment. */
  static String squeue(String name) {
    return "squeue -h -a -t all -n " + ShellQuote.quote(name) + " -o " + ShellQuote.quote("%i|%k");
  }

  /** The id of the job whose comment is the mark, in what {@link #squeue} printed. */
  static Optional<String> inQueue(String stdout, String mark) {
    for (String line : stdout.split("\\R")) {
      int bar = line.indexOf('|');
      if (bar > 0 && line.substring(bar + 1).strip().equals(mark)) {
        return Optional.of(line.substring(0, bar).strip());
      }
    }
    return Optional.empty();
  }

  /** The exit-status record line that holds the mark. */
  static String recordLine(String mark) {
    return "mark " + mark;
  }

  /** Lists the exit-status records (in the home directory) that hold the mark; never fails. */
  static String records(String mark) {
    return "cd ~ && grep -l -x -F -e "
        + ShellQuote.quote(recordLine(mark))
        + " examlops-*.exit 2>/dev/null; true";
  }

  /** The job id of the first record file {@link #records} printed. */
  static Optional<String> inRecords(String stdout) {
    for (String line : stdout.split("\\R")) {
      Matcher m = RECORD_FILE.matcher(line.strip());
      if (m.matches()) {
        return Optional.of(m.group(1));
      }
    }
    return Optional.empty();
  }
}
