package io.examlops.fleet.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** A plain aligned text table for human output; numeric columns are right-aligned. */
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

  void print(PrintWriter out) {
    int[] widths = new int[headers.size()];
    for (int i = 0; i < widths.length; i++) {
      widths[i] = headers.get(i).length();
      for (List<String> row : rows) {
        widths[i] = Math.max(widths[i], row.get(i).length());
      }
    }
    printRow(out, headers, widths);
    for (List<String> row : rows) {
      printRow(out, row, widths);
    }
    out.flush();
  }

  private void printRow(PrintWriter out, List<String> cells, int[] widths) {
    StringBuilder line = new StringBuilder();
    for (int i = 0; i < cells.size(); i++) {
      String cell = cells.get(i);
      String padding = " ".repeat(widths[i] - cell.length());
      if (i > 0) {
        line.append("  ");
      }
      line.append(rightAligned[i] ? padding + cell : cell + padding);
    }
    out.println(line.toString().stripTrailing());
  }
}
