package io.examlops.fleet.scheduler.slurm;

import io.examlops.fleet.model.ClockDuration;
import io.examlops.fleet.model.JobAccounting;
import io.examlops.fleet.model.JobState;
import io.examlops.fleet.scheduler.BarColumns;
import io.examlops.fleet.scheduler.ProbeException;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/** Reads {@code sacct -P -n} output printed in a {@link SacctFormat} into accounting records. */
public final class SacctParser {

  private SacctParser() {}

  /**
   * One record per job line, in sacct's order. Step lines ({@code 42.batch}, {@code 42.0}) are
   * skipped: a step's state is not the job's (the {@code .batch} step of a TIMEOUT job says
   * CANCELLED). Empty output (no such job, or none in the window) is an empty list.
   *
   * @param zone the cluster's time zone, for Start and End
   * @param tracking whether the cluster's accounting records GPUs (see {@link SlurmGpuTracking})
   * @throws ProbeException naming the command and line when a line does not fit the format
   */
  public static List<JobAccounting> parse(
      SacctFormat format, String stdout, ZoneId zone, SlurmGpuTracking tracking) {
    String[] lines = stdout == null ? new String[0] : stdout.split("\\R");
    List<Map<SacctField, String>> rows = new ArrayList<>();
    List<Integer> lineNumbers = new ArrayList<>();
    boolean gpusTracked = tracking == SlurmGpuTracking.TRACKED;
    for (int i = 0; i < lines.length; i++) {
      if (lines[i].isBlank()) {
        continue;
      }
      Map<SacctField, String> row = columns(format, lines[i], i + 1);
      if (!row.get(SacctField.JOB_ID).contains(".")) {
        rows.add(row);
        lineNumbers.add(i + 1);
        if (tracking == SlurmGpuTracking.INFER && !gpusTracked) {
          try {
            gpusTracked = namesGpus(row);
          } catch (IllegalArgumentException e) {
            throw ProbeException.badLine(format.command(), i + 1, lines[i], e.getMessage());
          }
        }
      }
    }
    List<JobAccounting> records = new ArrayList<>();
    for (int r = 0; r < rows.size(); r++) {
      int lineNumber = lineNumbers.get(r);
      try {
        records.add(record(rows.get(r), zone, gpusTracked));
      } catch (IllegalArgumentException e) {
        throw ProbeException.badLine(
            format.command(), lineNumber, lines[lineNumber - 1], e.getMessage());
      }
    }
    return records;
  }

  private static Map<SacctField, String> columns(SacctFormat format, String line, int lineNumber) {
    List<SacctField> fields = format.fields();
    String[] parts;
    try {
      parts = BarColumns.split(line, fields.size(), format.formatArgument(), "sacct -P -o");
    } catch (IllegalArgumentException e) {
      throw ProbeException.badLine(format.command(), lineNumber, line, e.getMessage());
    }
    Map<SacctField, String> values = new EnumMap<>(SacctField.class);
    for (int i = 0; i < parts.length; i++) {
      values.put(
          fields.get(i), i == parts.length - 1 ? parts[i].stripTrailing() : parts[i].strip());
    }
    return values;
  }

  private static boolean namesGpus(Map<SacctField, String> row) {
    return SlurmGpus.count(row.get(SacctField.ALLOC_TRES)) != null
        || SlurmGpus.count(row.get(SacctField.REQ_TRES)) != null;
  }

  private static JobAccounting record(
      Map<SacctField, String> row, ZoneId zone, boolean gpusTracked) {
    String rawState = row.get(SacctField.STATE);
    JobState state = SlurmJobStates.normalize(rawState);
    SlurmExitCode exit = SlurmExitCode.parse("ExitCode", row.get(SacctField.EXIT_CODE));
    // sacct prints 0:0 for jobs that have not ended; that is no exit status yet.
    boolean ended = state.terminal() && exit != null;
    return new JobAccounting(
        SlurmAdapter.KIND,
        row.get(SacctField.JOB_ID),
        text(row.get(SacctField.JOB_NAME)),
        text(row.get(SacctField.USER)),
        text(row.get(SacctField.ACCOUNT)),
        text(row.get(SacctField.PARTITION)),
        state,
        rawState,
        ended ? exit.statusIn(state) : null,
        ended ? exit.signalOrNull() : null,
        ClockDuration.parse(row.get(SacctField.ELAPSED), ClockDuration.Form.ELAPSED),
        SlurmTimes.parse(row.get(SacctField.START), zone),
        SlurmTimes.parse(row.get(SacctField.END), zone),
        BarColumns.wholeNumber(SacctField.NODES.columnName(), text(row.get(SacctField.NODES))),
        nodeList(row.get(SacctField.NODE_LIST)),
        gpus(row, gpusTracked));
  }

  /**
   * Allocated GPUs for a job that got an allocation, requested GPUs for one that did not. A TRES
   * list without {@code gres/gpu} means no GPUs only where GPUs are tracked; otherwise unknown.
   */
  private static Integer gpus(Map<SacctField, String> row, boolean gpusTracked) {
    String alloc = row.get(SacctField.ALLOC_TRES);
    String tres = alloc != null && !alloc.isBlank() ? alloc : row.get(SacctField.REQ_TRES);
    if (tres == null || tres.isBlank()) {
      return null;
    }
    Integer gpus = SlurmGpus.count(tres);
    if (gpus != null) {
      return gpus;
    }
    return gpusTracked ? 0 : null;
  }

  private static String nodeList(String value) {
    String v = text(value);
    return v == null || v.equals("None assigned") ? null : v;
  }

  private static String text(String value) {
    return value == null || value.isBlank() ? null : value;
  }
}
