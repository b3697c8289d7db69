package io.examlops.fleet.scheduler.flux;

import io.examlops.fleet.scheduler.Association;
import io.examlops.fleet.scheduler.ProbeException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Reads {@code flux account view-user -o '{username}|...|{bank}|...|{queues}' USER}: a header line
 * naming the fields, then one row per bank the user belongs to. Columns are found by the header, so
 * a release that orders them differently still reads right.
 */
public final class FluxUserParser {
  private FluxUserParser() {}

  public static List<Association> parse(String command, String stdout) {
    List<String> lines = stdout.lines().filter(l -> !l.isBlank()).toList();
    if (lines.isEmpty()) {
      return List.of();
    }
    List<String> header = Arrays.stream(lines.get(0).split("\\|", -1)).map(String::trim).toList();
    int user = column(command, header, lines.get(0), "username");
    int bank = column(command, header, lines.get(0), "bank");
    int queues = header.indexOf("queues");
    List<Association> rows = new ArrayList<>();
    for (int i = 1; i < lines.size(); i++) {
      String[] f = lines.get(i).split("\\|", -1);
      if (f.length != header.size()) {
        throw ProbeException.badLine(
            command,
            i + 1,
            lines.get(i),
            "expected " + header.size() + " |-separated fields as in the header, got " + f.length);
      }
      List<String> allowed =
          queues < 0 || f[queues].isBlank()
              ? List.of()
              : Arrays.stream(f[queues].split(",")).map(String::trim).toList();
      rows.add(new Association(f[user].trim(), f[bank].trim(), allowed));
    }
    return rows;
  }

  private static int column(String command, List<String> header, String line, String name) {
    int index = header.indexOf(name);
    if (index < 0) {
      throw ProbeException.badLine(
          command,
          1,
          line,
          "the header has no " + name + " column; is flux-accounting older than 0.60?");
    }
    return index;
  }
}
