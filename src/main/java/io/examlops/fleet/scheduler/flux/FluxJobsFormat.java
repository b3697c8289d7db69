package io.examlops.fleet.scheduler.flux;

import io.examlops.fleet.transport.ShellQuote;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * An ordered {@code flux jobs -o} field list and the command that prints it. Fields the parser does
 * not read (e.g. {@code id.words}, {@code waitstatus}) may be listed and are skipped. Free text
 * goes last: a job name may contain {@code |}.
 *
 * @param fields the format field names without braces, in print order
 */
public record FluxJobsFormat(List<String> fields) {

  /**
   * What the queue view and tracking should run ({@code -A} for all users, {@code -a} to include
   * inactive jobs, or job ids to follow). Epoch times and float seconds instead of the
   * variable-unit table forms; {@code id.dec} works on every version that has {@code -o}; {@code
   * contextual_info} says why a pending job waits.
   */
  public static final FluxJobsFormat RECOMMENDED =
      new FluxJobsFormat(
          List.of(
              "id.dec",
              "username",
              "queue",
              "status",
              "nnodes",
              "ncores",
              "t_run",
              "t_inactive",
              "runtime",
              "returncode",
              "nodelist",
              "contextual_info",
              "name"));

  /**
   * What tracking runs with job ids: the {@link #RECOMMENDED} facts plus {@code t_submit} and the
   * job's exception. The exception's note is free text and goes last; the name comes before it,
   * which is safe because tracked jobs carry names the fleet chose (no {@code |}).
   */
  public static final FluxJobsFormat TRACKING =
      RECOMMENDED.inserting("t_submit", "t_run").appending("exception.type", "exception.note");

  public FluxJobsFormat {
    fields = List.copyOf(fields);
    if (fields.stream().noneMatch(f -> f.equals("id") || f.startsWith("id."))) {
      throw new IllegalArgumentException("a flux jobs format needs an id field: " + fields);
    }
  }

  /** These fields with {@code field} inserted before {@code before}. */
  private FluxJobsFormat inserting(String field, String before) {
    List<String> more = new ArrayList<>(fields);
    more.add(fields.indexOf(before), field);
    return new FluxJobsFormat(more);
  }

  /** These fields with {@code last} after them. */
  private FluxJobsFormat appending(String... last) {
    List<String> more = new ArrayList<>(fields);
    more.addAll(List.of(last));
    return new FluxJobsFormat(more);
  }

  /** The {@code -o} argument, e.g. {@code {id.dec}|{username}|...}. */
  public String formatArgument() {
    return fields.stream().map(f -> "{" + f + "}").collect(Collectors.joining("|"));
  }

  /** {@code flux jobs -n [args] -o '...'}; each extra argument is shell-quoted. */
  public String command(String... extraArguments) {
    return "flux jobs -n"
        + ShellQuote.arguments(extraArguments)
        + " -o "
        + ShellQuote.quote(formatArgument());
  }
}
