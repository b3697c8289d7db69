package io.examlops.fleet.scheduler.flux;

import io.examlops.fleet.scheduler.BarColumns;
import io.examlops.fleet.scheduler.OutputLine;
import io.examlops.fleet.scheduler.ProbeException;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads {@code flux resource status -s all -n -o FORMAT} with one of the delimiter formats below.
 * The reason is free text that may contain {@code |}, so it is the last field and the line is split
 * with a limit.
 */
public final class FluxStatusParser {

  /** The field lists this parser reads, by the flux-core releases that have them. */
  public enum Format {
    /** flux-core 0.49 and later: {@code statex}/{@code status} give the offline flag directly. */
    CURRENT("{state}|{statex}|{status}|{ranks}|{nodelist}|{timestamp}|{reason}"),
    /**
     * Before 0.49 there was no {@code statex}/{@code status}: offline ranks get their own {@code
     * offline} line, and {@code drained*} marks drained ranks that are offline.
     */
    LEGACY("{state}|{ranks}|{nodelist}|{timestamp}|{reason}");

    private final String fields;

    Format(String fields) {
      this.fields = fields;
    }

    /** The {@code -o} argument. */
    public String fields() {
      return fields;
    }

    /** How many fields each line holds. */
    int count() {
      return fields.split("\\|").length;
    }

    public static Format forRelease(FluxRelease release) {
      return release.atLeast(0, 49) ? CURRENT : LEGACY;
    }
  }

  private FluxStatusParser() {}

  public static List<FluxStatusLine> parse(String command, Format format, String text) {
    List<FluxStatusLine> lines = new ArrayList<>();
    for (OutputLine line : OutputLine.nonBlank(text)) {
      String[] f;
      try {
        f = BarColumns.split(line.text(), format.count(), format.fields, "flux resource status -o");
      } catch (IllegalArgumentException e) {
        throw line.unreadable(command, e.getMessage());
      }
      lines.add(
          format == Format.CURRENT
              ? current(command, line.number(), line.text(), f)
              : legacy(command, line.number(), line.text(), f));
    }
    return lines;
  }

  private static FluxStatusLine current(String command, int lineNo, String line, String[] f) {
    boolean online;
    switch (f[2].trim()) {
      case "online" -> online = true;
      case "offline" -> online = false;
      default ->
          throw ProbeException.badLine(
              command, lineNo, line, "status '" + f[2] + "' is neither 'online' nor 'offline'");
    }
    return new FluxStatusLine(
        f[0].trim(),
        f[1].trim(),
        online,
        ranks(command, lineNo, line, f[3]),
        f[4].trim(),
        timestamp(command, lineNo, line, f[5]),
        f[6].trim());
  }

  private static FluxStatusLine legacy(String command, int lineNo, String line, String[] f) {
    String state = f[0].trim();
    boolean starred = state.endsWith("*");
    String base = starred ? state.substring(0, state.length() - 1) : state;
    return new FluxStatusLine(
        state,
        base,
        !starred && !base.equals("offline"),
        ranks(command, lineNo, line, f[1]),
        f[2].trim(),
        timestamp(command, lineNo, line, f[3]),
        f[4].trim());
  }

  private static List<Long> ranks(String command, int lineNo, String line, String text) {
    try {
      return FluxResourceSet.Builder.ranks(text.trim());
    } catch (IllegalArgumentException e) {
      throw ProbeException.badLine(command, lineNo, line, "ranks: " + e.getMessage());
    }
  }

  private static Double timestamp(String command, int lineNo, String line, String text) {
    String t = text.trim();
    if (t.isEmpty()) {
      return null;
    }
    try {
      return Double.valueOf(t);
    } catch (NumberFormatException e) {
      throw ProbeException.badLine(
          command, lineNo, line, "timestamp '" + t + "' is not epoch seconds");
    }
  }
}
