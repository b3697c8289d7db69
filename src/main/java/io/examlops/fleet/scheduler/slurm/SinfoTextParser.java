package io.examlops.fleet.scheduler.slurm;

import io.examlops.fleet.model.ClockDuration;
import io.examlops.fleet.model.GpuGroup;
import io.examlops.fleet.model.NodeInfo;
import io.examlops.fleet.model.NodeState;
import io.examlops.fleet.scheduler.ProbeException;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Parses delimited {@code sinfo -N} output ({@link SinfoFormat}) into a {@link SinfoSnapshot}:
 * pure, no I/O. A header line is skipped when present; blank lines are ignored; anything else that
 * does not fit the format is an error naming the command and line number.
 *
 * <p>The reason, free text, is the last field: everything after the field before it, '|' included,
 * is the reason. A line one field short of a format ending in the reason (a listing captured before
 * the probe asked for it) reads as a node without a reason.
 */
public final class SinfoTextParser {
  private SinfoTextParser() {}

  public static SinfoSnapshot parse(SinfoFormat format, String output) {
    String command = format.command();
    SinfoSnapshot.Builder snapshot = new SinfoSnapshot.Builder();
    Repeats repeats = new Repeats();
    String[] lines = output.split("\n", -1);
    boolean first = true;
    for (int i = 0; i < lines.length; i++) {
      String line =
          lines[i].endsWith("\r") ? lines[i].substring(0, lines[i].length() - 1) : lines[i];
      if (line.isBlank()) {
        continue;
      }
      if (first && (line.startsWith("NODELIST") || line.startsWith("HOSTNAMES"))) {
        first = false;
        continue;
      }
      first = false;
      try {
        readLine(format, line, snapshot, repeats);
      } catch (IllegalArgumentException e) {
        throw ProbeException.badLine(command, i + 1, line, e.getMessage());
      }
    }
    return snapshot.build();
  }

  /**
   * What a listing repeats on thousands of lines (states, GRES, time limits, feature lists): each
   * distinct text is read once per parse. Only values that read without error are kept.
   */
  private static final class Repeats {
    final Map<String, NodeState> states = new HashMap<>();
    final Map<String, List<GpuGroup>> gres = new HashMap<>();
    final Map<String, Integer> gpusUsed = new HashMap<>();
    final Map<String, Long> minutes = new HashMap<>();
    final Map<String, List<String>> features = new HashMap<>();
  }

  private static void readLine(
      SinfoFormat format, String line, SinfoSnapshot.Builder snapshot, Repeats repeats) {
    int expected = format.fields().size();
    String[] fields = line.split("\\|", format.endsWithReason() ? expected : -1);
    boolean withoutReason = format.endsWithReason() && fields.length == expected - 1;
    if (fields.length != expected && !withoutReason) {
      throw new IllegalArgumentException(
          "expected "
              + format.fields().size()
              + " fields separated by '|' ("
              + format.fields()
              + "), found "
              + fields.length
              + "; this is not the output of "
              + format.command());
    }
    Arrays.setAll(fields, k -> fields[k].trim());
    Row row = new Row(format, fields);
    String name = row.get(SinfoField.NODE);
    if (name == null || name.isEmpty()) {
      throw new IllegalArgumentException("the node name is empty");
    }
    String stateText = row.state();
    if (stateText == null || stateText.isEmpty()) {
      throw new IllegalArgumentException("the node state is empty");
    }
    String partitionToken = row.get(SinfoField.PARTITION);
    List<String> partitions = List.of();
    if (partitionToken != null && !partitionToken.isEmpty()) {
      String time = row.get(SinfoField.TIME_LIMIT);
      var partition =
          SinfoSnapshot.partition(
              partitionToken,
              time == null ? null : repeats.minutes.computeIfAbsent(time, ClockDuration::minutes));
      snapshot.partition(partition);
      partitions = List.of(partition.name());
    }
    String gres = row.get(SinfoField.GRES);
    List<GpuGroup> gpus =
        gres == null ? Gres.gpus(null) : repeats.gres.computeIfAbsent(gres, Gres::gpus);
    String used = row.get(SinfoField.GRES_USED);
    String features = row.get(SinfoField.FEATURES);
    snapshot.node(
        new NodeInfo(
            name,
            Math.toIntExact(count(row.cpus(), "CPU count", Integer.MAX_VALUE)),
            count(row.get(SinfoField.MEMORY), "memory (MB)", Long.MAX_VALUE),
            gpus,
            used == null ? null : repeats.gpusUsed.computeIfAbsent(used, Gres::gpuCount),
            repeats.states.computeIfAbsent(stateText, SlurmNodeState::map),
            stateText,
            partitions,
            features == null
                ? SinfoSnapshot.features(null)
                : repeats.features.computeIfAbsent(features, SinfoSnapshot::features),
            SinfoSnapshot.reason(row.get(SinfoField.REASON))));
  }

  /** One line's values by field; fields the format or the line lacks read as {@code null}. */
  private record Row(SinfoFormat format, String[] values) {
    String get(SinfoField field) {
      int index = format.indexOf(field);
      return index < 0 || index >= values.length ? null : values[index];
    }

    String cpus() {
      String cpus = get(SinfoField.CPUS);
      String cpuStates = get(SinfoField.CPUS_STATE);
      if (cpus != null || cpuStates == null) {
        return cpus;
      }
      String[] aiot = cpuStates.split("/", -1);
      if (aiot.length != 4) {
        throw new IllegalArgumentException(
            "CPU states '" + cpuStates + "' are not allocated/idle/other/total");
      }
      return aiot[3];
    }

    String state() {
      String longForm = get(SinfoField.STATE_LONG);
      return longForm != null ? longForm : get(SinfoField.STATE_COMPACT);
    }
  }

  /** A count as sinfo prints it; "N+" (a minimum over grouped nodes) reads as N. */
  private static long count(String text, String what, long max) {
    if (text == null) {
      return 0;
    }
    String digits = text.endsWith("+") ? text.substring(0, text.length() - 1) : text;
    if (digits.isEmpty() || digits.length() > 18 || !allDigits(digits)) {
      throw new IllegalArgumentException(what + " '" + text + "' is not a number");
    }
    long value = Long.parseLong(digits);
    if (value > max) {
      throw new IllegalArgumentException(what + " '" + text + "' is too large");
    }
    return value;
  }

  // a loop, not chars().allMatch: a listing has two counts on each of its lines, and a stream
  // pipeline per count showed in the profile of a 10,000-node parse
  private static boolean allDigits(String text) {
    for (int i = 0; i < text.length(); i++) {
      if (!Character.isDigit(text.charAt(i))) {
        return false;
      }
    }
    return true;
  }
}
