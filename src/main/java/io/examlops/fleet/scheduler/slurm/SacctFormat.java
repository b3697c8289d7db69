package io.examlops.fleet.scheduler.slurm;

import io.examlops.fleet.transport.ShellQuote;
import java.util.List;
import java.util.stream.Collectors;

/**
 * An ordered sacct column set and the command that prints it. {@code -P} separates columns with
 * {@code |} and never truncates; {@code -X} keeps one line per job (no steps); {@code
 * SLURM_TIME_FORMAT=standard} overrides a site or user setting that would print relative times, and
 * {@code TZ=UTC} makes Start and End (printed without a zone) UTC whatever the login node's zone
 * ({@link SlurmTimes#IN_UTC}). Free text goes last: a job name may contain {@code |}.
 *
 * @param fields the columns, in print order
 */
public record SacctFormat(List<SacctField> fields) {

  /** What tracking and GPU-hours should run. */
  public static final SacctFormat RECOMMENDED =
      new SacctFormat(
          List.of(
              SacctField.JOB_ID,
              SacctField.USER,
              SacctField.ACCOUNT,
              SacctField.PARTITION,
              SacctField.STATE,
              SacctField.EXIT_CODE,
              SacctField.ELAPSED,
              SacctField.START,
              SacctField.END,
              SacctField.NODES,
              SacctField.ALLOC_TRES,
              SacctField.REQ_TRES,
              SacctField.NODE_LIST,
              SacctField.JOB_NAME));

  public SacctFormat {
    fields = List.copyOf(fields);
    if (!fields.contains(SacctField.JOB_ID) || !fields.contains(SacctField.STATE)) {
      throw new IllegalArgumentException("a sacct format needs JobID and State: " + fields);
    }
    if (fields.stream().distinct().count() != fields.size()) {
      throw new IllegalArgumentException("a sacct format needs distinct fields: " + fields);
    }
  }

  /** The {@code -o} argument, e.g. {@code JobID,User,...}. */
  public String formatArgument() {
    return fields.stream().map(SacctField::columnName).collect(Collectors.joining(","));
  }

  /**
   * The full command line; each extra argument ({@code -j}, an id list, {@code -S}, a start time)
   * is shell-quoted.
   */
  public String command(String... extraArguments) {
    return SlurmTimes.IN_UTC
        + "sacct -P -n -X"
        + ShellQuote.arguments(extraArguments)
        + " -o "
        + formatArgument();
  }
}
