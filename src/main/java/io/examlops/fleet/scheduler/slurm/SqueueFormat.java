package io.examlops.fleet.scheduler.slurm;

import io.examlops.fleet.transport.ShellQuote;
import java.util.ArrayList;
import java.util.List;

/**
 * An ordered squeue column set and the command that prints it, so the command that runs and the
 * parser that reads its output cannot drift apart. Free text goes last: a job name may contain
 * {@code |}, and the last column takes the rest of the line.
 *
 * @param fields the columns, in print order
 * @param longForm {@code -O 'Field:|,...'} when true, {@code -o '%x|...'} when false
 */
public record SqueueFormat(List<SqueueField> fields, boolean longForm) {

  /**
   * What the queue view should run: every field that can name GPUs ({@code %b} alone shows {@code
   * N/A} for {@code --gpus} jobs), {@code :|} after each field so nothing is padded or cut, the
   * name last. Run it as {@code RECOMMENDED.command("-a")} for the queue view (hidden partitions
   * too), {@code command("-r", "-j", id)} to follow one job, array tasks one per line.
   */
  public static final SqueueFormat RECOMMENDED =
      new SqueueFormat(
          List.of(
              SqueueField.JOB_ID,
              SqueueField.USER,
              SqueueField.STATE,
              SqueueField.PARTITION,
              SqueueField.NODES,
              SqueueField.CPUS,
              SqueueField.TIME_USED,
              SqueueField.TRES_ALLOC,
              SqueueField.TRES_PER_JOB,
              SqueueField.TRES_PER_NODE,
              SqueueField.TRES_PER_TASK,
              SqueueField.TRES_PER_SOCKET,
              SqueueField.NODE_LIST,
              SqueueField.REASON,
              SqueueField.NAME),
          true);

  /**
   * What following jobs runs: the queue view's columns plus start, end and exit status, for {@code
   * squeue -t all}, which lists ended jobs too for as long as slurmctld remembers them ({@code
   * MinJobAge}). Run it as {@code TRACKING.commandInUtc("-r", "-t", "all", "-j", ids)}.
   */
  public static final SqueueFormat TRACKING =
      RECOMMENDED.beforeLast(SqueueField.START_TIME, SqueueField.END_TIME, SqueueField.EXIT_CODE);

  /**
   * The {@code -o} form the spec's discovery captures use; GPUs stay unknown for {@code --gpus}.
   */
  public static final SqueueFormat LETTERS =
      new SqueueFormat(
          List.of(
              SqueueField.JOB_ID,
              SqueueField.NAME,
              SqueueField.USER,
              SqueueField.STATE,
              SqueueField.TIME_USED,
              SqueueField.NODES,
              SqueueField.CPUS,
              SqueueField.TRES_PER_NODE,
              SqueueField.PARTITION,
              SqueueField.REASON),
          false);

  public SqueueFormat {
    fields = List.copyOf(fields);
    if (fields.isEmpty() || fields.stream().distinct().count() != fields.size()) {
      throw new IllegalArgumentException("an squeue format needs distinct fields: " + fields);
    }
    if (!longForm && !SlurmColumn.allLettered(columns(fields))) {
      throw new IllegalArgumentException("fields without an -o letter need the -O form: " + fields);
    }
    if (!fields.contains(SqueueField.JOB_ID) && !fields.contains(SqueueField.RAW_JOB_ID)) {
      throw new IllegalArgumentException("an squeue format needs a job id field: " + fields);
    }
  }

  /** The same columns with {@code more} inserted before the last (free-text) one. */
  private SqueueFormat beforeLast(SqueueField... more) {
    List<SqueueField> columns = new ArrayList<>(fields.subList(0, fields.size() - 1));
    columns.addAll(List.of(more));
    columns.add(fields.get(fields.size() - 1));
    return new SqueueFormat(columns, longForm);
  }

  /** The format argument, unquoted: {@code %i|%j|...} or {@code JobArrayID:|,Name:|,...}. */
  public String formatArgument() {
    return longForm
        ? SlurmColumn.names(columns(fields), true)
        : SlurmColumn.letters(columns(fields));
  }

  private static List<SlurmColumn> columns(List<SqueueField> fields) {
    return fields.stream().map(SqueueField::column).toList();
  }

  /**
   * The full command line, e.g. {@code squeue -h -a -O 'JobArrayID:|,...'}; each extra argument is
   * shell-quoted, so a job id from a user cannot splice anything in.
   */
  public String command(String... extraArguments) {
    return "squeue -h"
        + ShellQuote.arguments(extraArguments)
        + (longForm ? " -O " : " -o ")
        + ShellQuote.quote(formatArgument());
  }

  /**
   * As {@link #command}, printing times in UTC whatever the login node's zone ({@link
   * SlurmTimes#ZONE}).
   */
  public String commandInUtc(String... extraArguments) {
    return SlurmTimes.IN_UTC + command(extraArguments);
  }
}
