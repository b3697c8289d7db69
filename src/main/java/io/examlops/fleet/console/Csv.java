package io.examlops.fleet.console;

import io.examlops.fleet.json.FleetJson;
import java.io.IOException;
import java.io.Writer;
import java.time.Instant;

/**
 * CSV as RFC 4180 writes it (CRLF line ends; a cell with a comma, quote or line end in quotes, its
 * quotes doubled), safe to open in a spreadsheet: a text cell that starts with {@code =}, {@code
 * +}, {@code -}, {@code @}, a tab or a carriage return (which a spreadsheet would run as a formula)
 * starts with a {@code '} instead, so that it reads as the text it is. Numbers are written as they
 * are (a number cannot hold a formula); times in the JSON format.
 */
final class Csv {
  private final Writer out;

  Csv(Writer out) {
    this.out = out;
  }

  /** One row: the cells in order, {@code null} as an empty cell. */
  void row(Object... cells) throws IOException {
    for (int i = 0; i < cells.length; i++) {
      if (i > 0) {
        out.write(',');
      }
      out.write(cell(cells[i]));
    }
    out.write("\r\n");
  }

  /** A cell as written: quoted when it must be, a formula's first character made harmless. */
  static String cell(Object value) {
    if (value == null) {
      return "";
    }
    if (value instanceof Number n) {
      return n instanceof java.math.BigDecimal d ? d.toPlainString() : n.toString();
    }
    String text = value instanceof Instant at ? FleetJson.instant(at) : value.toString();
    if (!text.isEmpty() && "=+-@\t\r".indexOf(text.charAt(0)) >= 0) {
      text = "'" + text;
    }
    if (text.indexOf(',') >= 0
        || text.indexOf('"') >= 0
        || text.indexOf('\n') >= 0
        || text.indexOf('\r') >= 0) {
      return '"' + text.replace("\"", "\"\"") + '"';
    }
    return text;
  }
}
