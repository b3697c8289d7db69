package io.examlops.fleet.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A table of a page in docs/, read the way a reader sees it: the rows under a header, each split
 * into its cells (an escaped {@code \|} stays inside its cell). Tests that hold a page to the code
 * read its tables through this, so that a row added or removed on either side fails them.
 *
 * @param page where the table is, for messages
 * @param rows the body rows, each its cells trimmed
 */
public record MarkdownTable(Path page, List<List<String>> rows) {
  private static final Pattern CODE = Pattern.compile("`([^`]+)`");
  private static final Pattern SEPARATOR = Pattern.compile("\\|\\s*:?-");

  /**
   * The tables of {@code page} whose header row starts with {@code firstHeaders}, as one: the rows
   * of each, in the page's order (a page may split one list under several headings).
   *
   * @throws AssertionError when the page has no such table
   */
  public static MarkdownTable in(Path page, String... firstHeaders) {
    List<String> lines;
    try {
      lines = Files.readAllLines(page);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    List<List<String>> rows = new ArrayList<>();
    boolean found = false;
    for (int i = 0; i + 1 < lines.size(); i++) {
      List<String> header = cells(lines.get(i));
      if (header.size() >= firstHeaders.length
          && header.subList(0, firstHeaders.length).equals(List.of(firstHeaders))
          && SEPARATOR.matcher(lines.get(i + 1)).lookingAt()) {
        found = true;
        for (int j = i + 2; j < lines.size() && lines.get(j).startsWith("|"); j++) {
          rows.add(cells(lines.get(j)));
        }
      }
    }
    if (!found) {
      throw new AssertionError(page + " has no table headed " + List.of(firstHeaders));
    }
    return new MarkdownTable(page, List.copyOf(rows));
  }

  /** The text of each {@code `code`} span in {@code cell}, in order. */
  public static List<String> code(String cell) {
    List<String> spans = new ArrayList<>();
    Matcher m = CODE.matcher(cell);
    while (m.find()) {
      spans.add(m.group(1));
    }
    return spans;
  }

  private static List<String> cells(String line) {
    if (!line.startsWith("|")) {
      return List.of();
    }
    List<String> cells = new ArrayList<>();
    StringBuilder cell = new StringBuilder();
    for (int i = 1; i < line.length(); i++) {
      char c = line.charAt(i);
      if (c == '\\' && i + 1 < line.length() && line.charAt(i + 1) == '|') {
        cell.append('|');
        i++;
      } else if (c == '|') {
        cells.add(cell.toString().trim());
        cell.setLength(0);
      } else {
        cell.append(c);
      }
    }
    return cells;
  }
}
