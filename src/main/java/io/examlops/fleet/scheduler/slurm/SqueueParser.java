package io.examlops.fleet.scheduler.slurm;

import io.examlops.fleet.model.ClockDuration;
import io.examlops.fleet.model.JobAccounting;
import io.examlops.fleet.model.JobState;
import io.examlops.fleet.model.QueueEntry;
import io.examlops.fleet.scheduler.BarColumns;
import io.examlops.fleet.scheduler.JobStatus;
import io.examlops.fleet.scheduler.OutputLine;
import io.examlops.fleet.scheduler.ProbeException;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.regex.Pattern;

/** Reads {@code squeue -h} output printed in a {@link SqueueFormat} into queue entries. */
public final class SqueueParser {
  private static final Pattern LEADING_JOB_ID = Pattern.compile("\\s*(\\d+(?:_\\d+)?)\\s*\\|.*");

  private SqueueParser() {}

  /**
   * One entry per non-blank line, in squeue's order. Empty output is an empty queue.
   *
   * @param command the command line that ran, for the message
   * @throws ProbeException naming the command and line when a line does not fit the format
   */
  public static List<QueueEntry> parse(SqueueFormat format, String command, String stdout) {
    Tracked<QueueEntry> read = rows(format, command, stdout, SqueueParser::entry);
    if (!read.unreadable().isEmpty()) {
      throw read.unreadable().get(0).problem();
    }
    return read.rows();
  }

  /** As {@link #parse(SqueueFormat, String, String)}, for the format's own plain command. */
  public static List<QueueEntry> parse(SqueueFormat format, String stdout) {
    return parse(format, format.command(), stdout);
  }

  /**
   * {@code squeue -t all} lines (see {@link SqueueFormat#TRACKING}) as the facts of each job, ended
   * ones included: start (not for a pending job, whose StartTime is an estimate), end and exit
   * status (only once it ended; EndTime of a running job is its limit), with Slurm's reason for a
   * wait or an end (Resources, Priority, TimeLimit, NonZeroExitCode...). A line that cannot be read
   * does not stop the others: it comes back among {@link Tracked#unreadable()}, with its job id
   * where the line starts with one.
   *
   * @param command the command line that ran, for the messages
   * @param zone the zone squeue printed times in ({@link SlurmTimes#ZONE} with {@code
   *     commandInUtc})
   */
  public static Tracked<JobStatus> parseJobs(
      SqueueFormat format, String command, String stdout, ZoneId zone) {
    return rows(
        format,
        command,
        stdout,
        row -> {
          JobAccounting job = job(row, zone);
          return JobStatus.fromQueue(job, reason(job.state(), row.reason()));
        });
  }

  /** A job cancelled while pending keeps its last wait reason in squeue: say that it waited. */
  static String reason(JobState state, String reason) {
    return reason != null && state == JobState.CANCELLED
        ? "cancelled while waiting (" + reason + ")"
        : reason;
  }

  /**
   * What was read, and the lines that could not be.
   *
   * @param rows one per readable line, in squeue's order
   * @param unreadable one per line that did not fit
   */
  public record Tracked<T>(List<T> rows, List<Unreadable> unreadable) {
    public Tracked {
      rows = List.copyOf(rows);
      unreadable = List.copyOf(unreadable);
    }
  }

  /**
   * A line squeue printed that does not fit the format.
   *
   * @param jobId the line's first column when the format starts with the job id and it looks like
   *     one; {@code null} otherwise
   * @param problem names the command, the line number, the line and what is wrong
   */
  public record Unreadable(String jobId, ProbeException problem) {}

  private static <T> Tracked<T> rows(
      SqueueFormat format, String command, String stdout, Function<Row, T> read) {
    List<T> entries = new ArrayList<>();
    List<Unreadable> unreadable = new ArrayList<>();
    for (OutputLine line : OutputLine.nonBlank(stdout)) {
      try {
        entries.add(read.apply(new Row(columns(format, line.text()))));
      } catch (IllegalArgumentException e) {
        var id = LEADING_JOB_ID.matcher(line.text());
        boolean idFirst =
            format.fields().get(0) == SqueueField.JOB_ID
                || format.fields().get(0) == SqueueField.RAW_JOB_ID;
        unreadable.add(
            new Unreadable(
                idFirst && id.matches() ? id.group(1) : null,
                line.unreadable(command, e.getMessage())));
      }
    }
    return new Tracked<>(entries, unreadable);
  }

  private static JobAccounting job(Row row, ZoneId zone) {
    QueueEntry entry = entry(row);
    JobState state = entry.state();
    boolean ended = state.terminal();
    SlurmExitCode exit =
        ended ? SlurmExitCode.parse("exit_code", row.get(SqueueField.EXIT_CODE)) : null;
    return new JobAccounting(
        SlurmAdapter.KIND,
        entry.id(),
        entry.name(),
        entry.user(),
        null,
        entry.partition(),
        state,
        entry.rawState(),
        exit == null ? null : exit.statusIn(state),
        exit == null ? null : exit.signalOrNull(),
        entry.elapsed(),
        state == JobState.PENDING ? null : SlurmTimes.parse(row.get(SqueueField.START_TIME), zone),
        ended ? SlurmTimes.parse(row.get(SqueueField.END_TIME), zone) : null,
        entry.nodes(),
        entry.nodeList(),
        entry.gpus());
  }

  private static Map<SqueueField, String> columns(SqueueFormat format, String line) {
    List<SqueueField> fields = format.fields();
    String[] parts = BarColumns.split(line, fields.size(), format.formatArgument(), "squeue");
    Map<SqueueField, String> values = new EnumMap<>(SqueueField.class);
    for (int i = 0; i < parts.length; i++) {
      values.put(fields.get(i), parts[i].strip());
    }
    SqueueField last = fields.get(fields.size() - 1);
    String tail = parts[parts.length - 1];
    // -O prints the ':|' suffix after the last field too; a last field without one is padded.
    if (format.longForm() && tail.endsWith("|")) {
      values.put(last, tail.substring(0, tail.length() - 1));
    } else {
      values.put(last, tail.stripTrailing());
    }
    return values;
  }

  private static QueueEntry entry(Row row) {
    Integer nodes = row.integer(SqueueField.NODES);
    return new QueueEntry(
        SlurmAdapter.KIND,
        row.jobId(),
        row.text(SqueueField.NAME),
        row.text(SqueueField.USER),
        SlurmJobStates.normalize(row.rawState()),
        row.rawState(),
        row.text(SqueueField.PARTITION),
        nodes,
        row.integer(SqueueField.CPUS),
        row.gpus(nodes),
        row.has(SqueueField.TIME_USED)
            ? ClockDuration.parse(row.get(SqueueField.TIME_USED), ClockDuration.Form.ELAPSED)
            : null,
        row.reason(),
        row.text(SqueueField.NODE_LIST));
  }

  private record Row(Map<SqueueField, String> values) {
    boolean has(SqueueField field) {
      return values.containsKey(field);
    }

    String get(SqueueField field) {
      return values.get(field);
    }

    /** The value, or {@code null} when the column is absent, empty or a Slurm "nothing" word. */
    String text(SqueueField field) {
      String value = values.get(field);
      if (value == null || value.isEmpty() || value.equals("N/A") || value.equals("(null)")) {
        return null;
      }
      return value;
    }

    Integer integer(SqueueField field) {
      return BarColumns.wholeNumber(field.column().name(), text(field));
    }

    String rawState() {
      String state = text(SqueueField.STATE);
      String raw = state != null ? state : text(SqueueField.STATE_COMPACT);
      if (raw == null) {
        throw new IllegalArgumentException("the line has no job state");
      }
      return raw;
    }

    /** Slurm says {@code None} when a job does not wait for anything. */
    String reason() {
      String reason = text(SqueueField.REASON);
      return reason == null || reason.equals("None") ? null : reason;
    }

    /** The id users and scancel know: {@code 5_0} rather than the internal 6 of an array task. */
    String jobId() {
      String id = text(SqueueField.JOB_ID);
      if (id != null) {
        return id;
      }
      String arrayJob = text(SqueueField.ARRAY_JOB_ID);
      String task = text(SqueueField.ARRAY_TASK_ID);
      if (arrayJob != null && task != null) {
        return arrayJob
            + "_"
            + (task.chars().allMatch(Character::isDigit) ? task : "[" + task + "]");
      }
      String raw = text(SqueueField.RAW_JOB_ID);
      if (raw == null) {
        throw new IllegalArgumentException("the line has no job id");
      }
      return raw;
    }

    /**
     * Allocated GPUs first (tres-alloc), then what the job asked for per job or per node. A GPU ask
     * per task or socket cannot be turned into a count here, so it stays unknown. Zero only when
     * every way to ask for GPUs was printed and none names one.
     */
    Integer gpus(Integer nodes) {
      Integer allocated = SlurmGpus.count(get(SqueueField.TRES_ALLOC));
      if (allocated != null) {
        return allocated;
      }
      Integer perJob = SlurmGpus.count(get(SqueueField.TRES_PER_JOB));
      if (perJob != null) {
        return perJob;
      }
      Integer perNode = SlurmGpus.count(get(SqueueField.TRES_PER_NODE));
      if (perNode != null) {
        return nodes == null ? null : perNode * nodes;
      }
      if (SlurmGpus.count(get(SqueueField.TRES_PER_TASK)) != null
          || SlurmGpus.count(get(SqueueField.TRES_PER_SOCKET)) != null) {
        return null;
      }
      boolean everyAskPrinted =
          has(SqueueField.TRES_PER_JOB)
              && has(SqueueField.TRES_PER_NODE)
              && has(SqueueField.TRES_PER_TASK)
              && has(SqueueField.TRES_PER_SOCKET);
      return everyAskPrinted ? 0 : null;
    }
  }
}
