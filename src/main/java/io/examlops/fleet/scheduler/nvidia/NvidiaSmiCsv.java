package io.examlops.fleet.scheduler.nvidia;

import io.examlops.fleet.model.GpuInfo;
import io.examlops.fleet.scheduler.ProbeException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Parses the CSV query forms, {@code nvidia-smi --query-gpu=... --format=csv} and {@code
 * --query-compute-apps=... --format=csv}. Columns are found by the header line (units such as
 * {@code [MiB]} stripped), never by position, so any field order or extra fields read the same.
 */
public final class NvidiaSmiCsv {
  static final String UNREACHABLE = "Unable to determine the device handle";
  // Driver notices such as "WARNING: infoROM is corrupted at gpu 0000:04:00.0" sit between rows.
  static final String WARNING = "WARNING:";
  private static final String NO_DEVICES = "No devices were found";
  private static final String NO_PROCESSES = "No running processes found";
  private static final List<String> GPU_COLUMNS =
      List.of("index", "uuid", "name", "memory.total", "memory.used", "utilization.gpu");

  private NvidiaSmiCsv() {}

  /**
   * The GPUs of a {@code --query-gpu} answer.
   *
   * @param gpus one entry per GPU row, host not set
   * @param driverVersion from a {@code driver_version} column, or {@code null} without one
   * @param faults the driver's messages about GPUs it could not reach (no row is printed for them)
   */
  public record GpuTable(List<GpuInfo> gpus, String driverVersion, List<String> faults) {
    public GpuTable {
      gpus = List.copyOf(gpus);
      faults = List.copyOf(faults);
    }
  }

  /** Parses {@code --query-gpu} output that has its header line (no {@code noheader}). */
  public static GpuTable parseGpus(String command, String output) {
    List<GpuInfo> gpus = new ArrayList<>();
    List<String> faults = new ArrayList<>();
    String driver = null;
    Table table = table(command, output, NO_DEVICES, GPU_COLUMNS, faults);
    for (Row row : table.rows()) {
      try {
        gpus.add(gpu(row.cells(), table.columns()));
        if (table.columns().containsKey("driver_version")) {
          String v = cell(row.cells(), table.columns(), "driver_version");
          driver = SmiValues.unknown(v) ? driver : v;
        }
      } catch (IllegalArgumentException e) {
        throw ProbeException.badLine(command, row.lineNo(), row.line(), e.getMessage());
      }
    }
    if (table.columns() == null && faults.isEmpty() && !output.contains(NO_DEVICES)) {
      throw noHeader(command);
    }
    return new GpuTable(gpus, driver, faults);
  }

  /**
   * The GPU UUIDs that have at least one compute process, from {@code --query-compute-apps} output
   * with a {@code gpu_uuid} column and its header line.
   */
  public static Set<String> parseComputeApps(String command, String output) {
    Set<String> busy = new LinkedHashSet<>();
    Table table = table(command, output, NO_PROCESSES, List.of("gpu_uuid"), null);
    if (table.columns() == null) {
      throw noHeader(command);
    }
    for (Row row : table.rows()) {
      busy.add(cell(row.cells(), table.columns(), "gpu_uuid"));
    }
    return busy;
  }

  /**
   * A CSV answer read by its header line.
   *
   * @param columns each column's position by name; {@code null} when no header line came
   */
  private record Table(Map<String, Integer> columns, List<Row> rows) {}

  /** One data row, with its line for errors. */
  private record Row(int lineNo, String line, List<String> cells) {}

  /**
   * The header and data rows of a CSV answer; blank lines, the driver's notices and the answer's
   * {@code none} line ("No devices were found") are skipped.
   *
   * @param faults where the driver's messages about GPUs it could not reach go; {@code null} where
   *     the answer has none
   */
  private static Table table(
      String command, String output, String none, List<String> required, List<String> faults) {
    Map<String, Integer> columns = null;
    List<Row> rows = new ArrayList<>();
    String[] lines = output.split("\\R", -1);
    for (int i = 0; i < lines.length; i++) {
      String line = lines[i].strip();
      if (line.isEmpty() || line.equals(none) || line.startsWith(WARNING)) {
        continue;
      }
      if (faults != null && line.startsWith(UNREACHABLE)) {
        faults.add(line);
      } else if (columns == null) {
        columns = header(command, i + 1, lines[i], required);
      } else {
        rows.add(new Row(i + 1, lines[i], cells(command, i + 1, lines[i], columns.size())));
      }
    }
    return new Table(columns, rows);
  }

  private static ProbeException noHeader(String command) {
    return new ProbeException(
        "`" + command + "` printed no header line: run it by hand to see what the driver says");
  }

  private static GpuInfo gpu(List<String> cells, Map<String, Integer> columns) {
    String index = cell(cells, columns, "index");
    String uuid = cell(cells, columns, "uuid");
    String name = cell(cells, columns, "name");
    String mig =
        columns.containsKey("mig.mode.current") ? cell(cells, columns, "mig.mode.current") : "";
    boolean online = cells.stream().noneMatch(SmiValues::signalsFault);
    int parsedIndex;
    try {
      parsedIndex = Integer.parseInt(index);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("index is not a number: '" + index + "'");
    }
    return new GpuInfo(
        null,
        parsedIndex,
        SmiValues.unknown(uuid) ? null : uuid,
        SmiValues.unknown(name) ? "unknown" : name,
        SmiValues.mib(cell(cells, columns, "memory.total")),
        SmiValues.mib(cell(cells, columns, "memory.used")),
        SmiValues.percent(cell(cells, columns, "utilization.gpu")),
        online,
        SmiValues.enabled(mig));
  }

  private static String cell(List<String> cells, Map<String, Integer> columns, String name) {
    return cells.get(columns.get(name));
  }

  private static Map<String, Integer> header(
      String command, int lineNo, String line, List<String> required) {
    Map<String, Integer> columns = new HashMap<>();
    String repeated = null;
    String[] names = line.split(",", -1);
    for (int c = 0; c < names.length; c++) {
      String name = names[c].strip();
      int unit = name.indexOf(" [");
      String column = unit < 0 ? name : name.substring(0, unit);
      if (columns.put(column, c) != null && repeated == null) {
        repeated = column;
      }
    }
    List<String> missing = required.stream().filter(r -> !columns.containsKey(r)).toList();
    if (!missing.isEmpty()) {
      throw ProbeException.badLine(
          command,
          lineNo,
          line,
          "expected a CSV header with columns "
              + required
              + " but "
              + missing
              + " are missing; run the query with --format=csv (with header)");
    }
    if (repeated != null) {
      throw ProbeException.badLine(
          command, lineNo, line, "column '" + repeated + "' appears twice in the CSV header");
    }
    return columns;
  }

  private static List<String> cells(String command, int lineNo, String line, int expected) {
    String[] raw = line.split(",", -1);
    if (raw.length != expected) {
      throw ProbeException.badLine(
          command,
          lineNo,
          line,
          "expected " + expected + " comma-separated fields as in the header, found " + raw.length);
    }
    List<String> cells = new ArrayList<>(raw.length);
    for (String cell : raw) {
      cells.add(cell.strip());
    }
    return cells;
  }
}
