package io.examlops.fleet.scheduler.flux;

import io.examlops.fleet.model.JobAccounting;
import io.examlops.fleet.model.JobState;
import io.examlops.fleet.model.QueueEntry;
import io.examlops.fleet.model.UnitDuration;
import io.examlops.fleet.scheduler.BarColumns;
import io.examlops.fleet.scheduler.OutputLine;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Reads {@code flux jobs -n -o '...'} output printed in a {@link FluxJobsFormat}. Never the default
 * table: its columns come and go, names are cut to 10 characters and times change unit.
 */
public final class FluxJobsParser {

  private FluxJobsParser() {}

  /** Queue entries, one per non-blank line; GPUs unknown until merged from R. */
  public static List<QueueEntry> queue(FluxJobsFormat format, String stdout) {
    return read(format, stdout, FluxJob::toQueueEntry);
  }

  /** Accounting records, one per non-blank line; GPUs unknown until merged from R. */
  public static List<JobAccounting> accounting(FluxJobsFormat format, String stdout) {
    return read(format, stdout, FluxJob::toAccounting);
  }

  /**
   * Accounting with Flux's t_submit and reasons, for tracking ({@link FluxJobsFormat#TRACKING}).
   */
  public static List<FluxJobReport> reports(FluxJobsFormat format, String stdout) {
    return read(format, stdout, FluxJob::toReport);
  }

  private static <T> List<T> read(
      FluxJobsFormat format, String stdout, Function<FluxJob, T> convert) {
    List<T> out = new ArrayList<>();
    for (OutputLine line : OutputLine.nonBlank(stdout)) {
      try {
        out.add(convert.apply(job(columns(format, line.text()))));
      } catch (IllegalArgumentException e) {
        throw line.unreadable(format.command(), e.getMessage());
      }
    }
    return out;
  }

  private static Map<String, String> columns(FluxJobsFormat format, String line) {
    List<String> fields = format.fields();
    String[] parts = BarColumns.split(line, fields.size(), format.formatArgument(), "flux jobs -o");
    Map<String, String> values = new HashMap<>();
    for (int i = 0; i < parts.length; i++) {
      // flux leaves a trailing space where the last field is empty
      values.put(
          fields.get(i), i == parts.length - 1 ? parts[i].stripTrailing() : parts[i].strip());
    }
    return values;
  }

  private static FluxJob job(Map<String, String> v) {
    String rawState = rawState(v);
    return new FluxJob(
        id(v),
        text(v.get("name")),
        text(v.get("username")),
        text(v.get("queue")),
        text(v.get("bank")),
        state(v),
        rawState,
        integer(v, "nnodes"),
        integer(v, "ncores"),
        duration(v.get("runtime")),
        epoch(v.get("t_run")),
        epoch(v.get("t_inactive")),
        integer(v, "returncode"),
        text(v.get("nodelist")),
        text(v.get("contextual_info")),
        epoch(v.get("t_submit")),
        text(v.get("exception.type")),
        text(v.get("exception.note")));
  }

  private static long id(Map<String, String> v) {
    for (String field : List.of("id.dec", "id.f58plain", "id", "id.f58", "id.hex", "id.dothex")) {
      String value = text(v.get(field));
      if (value != null) {
        return FluxJobId.parse(value);
      }
    }
    throw new IllegalArgumentException("the line has no job id");
  }

  private static JobState state(Map<String, String> v) {
    if (text(v.get("status")) != null) {
      return FluxJobStates.normalize(v.get("status"));
    }
    if (text(v.get("state")) != null) {
      return FluxJobStates.normalize(v.get("state"), v.get("result"));
    }
    if (text(v.get("status_abbrev")) != null) {
      return FluxJobStates.normalize(v.get("status_abbrev"));
    }
    return FluxJobStates.normalize(v.get("state_single"), v.get("result_abbrev"));
  }

  /** Empty when the format has no state field: the state is then unknown, never guessed. */
  private static String rawState(Map<String, String> v) {
    for (String field : List.of("status", "state", "status_abbrev", "state_single")) {
      String value = text(v.get(field));
      if (value != null) {
        return value;
      }
    }
    return "";
  }

  private static Integer integer(Map<String, String> v, String field) {
    return BarColumns.wholeNumber(field, text(v.get(field)));
  }

  /** Flux prints {@code 0.0} for a time that has not happened yet. */
  private static Instant epoch(String value) {
    BigDecimal s = seconds(value);
    return s == null || s.signum() == 0
        ? null
        : Instant.ofEpochSecond(0, UnitDuration.nanos(s, value));
  }

  private static Duration duration(String value) {
    BigDecimal s = seconds(value);
    return s == null ? null : Duration.ofNanos(UnitDuration.nanos(s, value));
  }

  private static BigDecimal seconds(String value) {
    String v = text(value);
    if (v == null) {
      return null;
    }
    try {
      return new BigDecimal(v);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          "'"
              + v
              + "' is not a number of seconds; use {t_run}, {t_inactive}, {runtime} without"
              + " a conversion such as !D or !F");
    }
  }

  private static String text(String value) {
    return value == null || value.isBlank() || value.equals("-") ? null : value.strip();
  }
}
