package io.examlops.fleet.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * A plain aligned text table for human output; numeric columns are right-aligned. How it prints
 * (header or not, which columns, aligned or '|'-separated) is the command's {@link TableFormat}.
 */
final class Table {
  private final List<String> headers;
  private final boolean[] rightAligned;
  private final List<List<String>> rows = new ArrayList<>();

  Table(String... headers) {
    this.headers = List.of(headers);
    this.rightAligned = new boolean[headers.length];
  }

  /** Marks columns (by header) to right-align, for numbers. */
  Table right(String... columns) {
    for (String column : columns) {
      int i = headers.indexOf(column);
      if (i < 0) {
        throw new IllegalArgumentException("no column " + column);
      }
      rightAligned[i] = true;
    }
    return this;
  }

  /** A cell's text; times in the one format JSON uses too. */
  private static String cell(Object value) {
    if (value == null) {
      return "-";
    }
    return value instanceof java.time.Instant at
        ? io.examlops.fleet.json.FleetJson.instant(at)
        : value.toString();
  }

  Table row(Object... cells) {
    if (cells.length != headers.size()) {
      throw new IllegalArgumentException(
          "row has " + cells.length + " cells, table has " + headers.size() + " columns");
    }
    rows.add(Arrays.stream(cells).map(Table::cell).toList());
    return this;
  }

  boolean isEmpty() {
    return rows.isEmpty();
  }

  /** Prints the table as {@code format} asks; an unknown column name is a usage error. */
  void print(PrintWriter out, TableFormat format) {
    int[] shown = columns(format);
    List<List<String>> lines = new ArrayList<>();
    if (!format.noHeader) {
      lines.add(headers);
    }
    lines.addAll(rows);
    if (format.parsable) {
      for (List<String> line : lines) {
        List<String> cells = new ArrayList<>();
        for (int i : shown) {
          cells.add(line.get(i).replace("\\", "\\\\").replace("|", "\\|"));
        }
        out.println(String.join("|", cells));
      }
    } else {
      // the header counts even when left out, so that rows align as they do under it
      int[] widths = new int[headers.size()];
      for (int i : shown) {
        widths[i] = headers.get(i).length();
        for (List<String> row : rows) {
          widths[i] = Math.max(widths[i], row.get(i).length());
        }
      }
      lines.forEach(line -> printAligned(out, line, shown, widths));
    }
    out.flush();
  }

  /** The indexes of the columns {@code -o/--format} names, in its order; all without it. */
  private int[] columns(TableFormat format) {
    if (format.columns == null) {
      return java.util.stream.IntStream.range(0, headers.size()).toArray();
    }
    List<String> names = Arrays.asList(format.columns.split(",", -1));
    int[] shown = new int[names.size()];
    for (int n = 0; n < shown.length; n++) {
      String name = names.get(n).strip().toUpperCase(Locale.ROOT);
      shown[n] = headers.indexOf(name);
      if (shown[n] < 0) {
        throw format.refused(
            "--format: "
                + (name.isEmpty()
                    ? "an empty column name"
                    : "no column " + io.examlops.fleet.model.Printable.quoted(names.get(n)))
                + " in this table; give column names separated by commas (any case), from: "
                + String.join(",", headers));
      }
    }
    return shown;
  }

  private void printAligned(PrintWriter out, List<String> cells, int[] shown, int[] widths) {
    StringBuilder line = new StringBuilder();
    for (int n = 0; n < shown.length; n++) {
      int i = shown[n];
      String cell = cells.get(i);
      String padding = " ".repeat(widths[i] - cell.length());
      if (n > 0) {
        line.append("  ");
      }
      line.append(rightAligned[i] ? padding + cell : cell + padding);
    }
    out.println(line.toString().stripTrailing());
  }
}
