package io.examlops.fleet.hostlist;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits a hostlist into terms and parses their bracket groups; no expansion happens here.
 *
 * <p>Items are separated by commas and whitespace outside brackets (both schedulers split on ",
 * \t"; Slurm also on newlines). Brackets must pair up and cannot nest. Whitespace inside brackets
 * is rejected: both schedulers hand it to strtoul, which skips it but still counts it as padding
 * ({@code node[ 1-3]} becomes node01..node03), so it is never what the writer meant.
 */
final class HostlistParser {
  private HostlistParser() {}

  /**
   * Parses {@code expression}. With {@code firstGroupOnly} (Flux), everything after the first
   * {@code ]} of an item is a literal suffix, brackets included, as flux-core treats it.
   */
  static List<HostlistTerm> parse(String expression, boolean firstGroupOnly) {
    List<HostlistTerm> terms = new ArrayList<>();
    int length = expression.length();
    int i = 0;
    while (i < length) {
      char c = expression.charAt(i);
      if (c == ',' || Character.isWhitespace(c)) {
        i++;
        continue;
      }
      int start = i;
      boolean hasBracket = false;
      int open = -1;
      for (; i < length; i++) {
        c = expression.charAt(i);
        if (c == '[') {
          if (open >= 0) {
            throw new HostlistException(
                expression, "'[' at position " + (i + 1) + " opens inside another '['");
          }
          open = i;
          hasBracket = true;
        } else if (c == ']') {
          if (open < 0) {
            throw new HostlistException(
                expression, "']' at position " + (i + 1) + " has no '[' before it");
          }
          open = -1;
        } else if (Character.isWhitespace(c)) {
          if (open >= 0) {
            throw new HostlistException(
                expression,
                "whitespace at position " + (i + 1) + " inside brackets; write node[1-3]");
          }
          break;
        } else if (c == ',' && open < 0) {
          break;
        }
      }
      if (open >= 0) {
        throw new HostlistException(
            expression, "'[' at position " + (open + 1) + " has no ']' after it");
      }
      String item = expression.substring(start, i);
      terms.add(
          hasBracket ? bracketed(expression, item, firstGroupOnly) : HostlistTerm.literal(item));
    }
    return terms;
  }

  /** Parses an item whose brackets are known to pair up without nesting. */
  private static HostlistTerm bracketed(String expression, String item, boolean firstGroupOnly) {
    List<String> texts = new ArrayList<>(2);
    List<List<IdRange>> groups = new ArrayList<>(1);
    int textStart = 0;
    int open = item.indexOf('[');
    while (open >= 0) {
      int close = item.indexOf(']', open);
      texts.add(item.substring(textStart, open));
      groups.add(idList(expression, item, open + 1, close));
      textStart = close + 1;
      open = firstGroupOnly ? -1 : item.indexOf('[', textStart);
    }
    texts.add(item.substring(textStart));
    return new HostlistTerm(item, texts, groups);
  }

  private static List<IdRange> idList(String expression, String item, int from, int to) {
    if (from == to) {
      throw new HostlistException(expression, "empty brackets in '" + item + "'");
    }
    List<IdRange> ranges = new ArrayList<>();
    int start = from;
    for (int i = from; i <= to; i++) {
      if (i == to || item.charAt(i) == ',') {
        ranges.add(IdRange.parse(expression, item, start, i));
        start = i + 1;
      }
    }
    return ranges;
  }
}
