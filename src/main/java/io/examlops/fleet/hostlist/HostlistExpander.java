package io.examlops.fleet.hostlist;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Turns parsed terms into host names. Every group but the last is written out once as id strings;
 * the last group's ids are counted up in a char buffer, so each host costs one String.
 */
final class HostlistExpander {
  private HostlistExpander() {}

  static long count(String expression, List<HostlistTerm> terms) {
    long count = 0;
    for (HostlistTerm term : terms) {
      count = HostlistTerm.add(expression, count, term.count(expression));
    }
    return count;
  }

  static List<String> expand(String expression, List<HostlistTerm> terms) {
    long count = count(expression, terms);
    if (count > Hostlist.MAX_EXPANSION) {
      throw new HostlistException(
          expression,
          "stands for "
              + count
              + " hosts, more than the "
              + Hostlist.MAX_EXPANSION
              + " this tool expands");
    }
    long chars = 0;
    for (HostlistTerm term : terms) {
      chars = HostlistTerm.add(expression, chars, term.count(expression) * term.longestHost());
    }
    if (chars > Hostlist.MAX_EXPANDED_CHARS) {
      throw new HostlistException(
          expression,
          "stands for hosts of up to "
              + chars
              + " characters in all, more than the "
              + Hostlist.MAX_EXPANDED_CHARS
              + " characters this tool expands");
    }
    List<String> hosts = new ArrayList<>((int) count);
    for (HostlistTerm term : terms) {
      expandTerm(term, hosts);
    }
    return hosts;
  }

  /**
   * Slurm's nesting: the last group varies fastest, then the first, second, ... up to the
   * next-to-last, which varies slowest ({@code a[1-2]b[1-2]c[1-2]} gives a1b1c1 a1b1c2 a2b1c1
   * a2b1c2 a1b2c1 ...). Slurm gets this order by recursing on the rightmost '[' of the prefix.
   */
  private static void expandTerm(HostlistTerm term, List<String> out) {
    List<List<IdRange>> groups = term.groups();
    List<String> texts = term.texts();
    int last = groups.size() - 1;
    if (last < 0) {
      out.add(term.item());
      return;
    }
    String suffix = texts.get(last + 1);
    if (last == 0) {
      appendGroup(out, texts.get(0), groups.get(0), suffix);
      return;
    }
    List<List<String>> outerIds = new ArrayList<>(last);
    for (int g = 0; g < last; g++) {
      List<String> ids = new ArrayList<>();
      appendGroup(ids, "", groups.get(g), "");
      outerIds.add(ids);
    }
    int[] index = new int[last];
    StringBuilder prefix = new StringBuilder();
    while (true) {
      prefix.setLength(0);
      for (int g = 0; g < last; g++) {
        prefix.append(texts.get(g)).append(outerIds.get(g).get(index[g]));
      }
      prefix.append(texts.get(last));
      appendGroup(out, prefix.toString(), groups.get(last), suffix);
      int g = 0;
      while (g < last && ++index[g] == outerIds.get(g).size()) {
        index[g++] = 0;
      }
      if (g == last) {
        return;
      }
    }
  }

  private static void appendGroup(
      List<String> out, String prefix, List<IdRange> group, String suffix) {
    for (IdRange range : group) {
      appendRange(out, prefix, range, suffix);
    }
  }

  /** Adds prefix + id + suffix for every id of the range, counting up in decimal in place. */
  static void appendRange(List<String> out, String prefix, IdRange range, String suffix) {
    String first = Long.toUnsignedString(range.lo());
    int numberStart = prefix.length();
    int numberLength = Math.max(first.length(), range.width());
    char[] buffer = layout(prefix, numberLength, suffix);
    int firstAt = numberStart + numberLength - first.length();
    first.getChars(0, first.length(), buffer, firstAt);
    long remaining =
        range.hi() - range.lo(); // unsigned; bounded by MAX_EXPANSION before we get here
    while (true) {
      out.add(new String(buffer, 0, buffer.length));
      if (remaining-- == 0) {
        return;
      }
      int i = numberStart + numberLength - 1;
      while (i >= numberStart && buffer[i] == '9') {
        buffer[i--] = '0';
      }
      if (i >= numberStart) {
        buffer[i]++;
      } else { // 9..9 rolled over to 10..0: one digit more
        numberLength++;
        buffer = layout(prefix, numberLength, suffix);
        buffer[numberStart] = '1';
      }
    }
  }

  /** prefix, then numberLength zeros, then suffix. */
  private static char[] layout(String prefix, int numberLength, String suffix) {
    int numberStart = prefix.length();
    char[] buffer = new char[numberStart + numberLength + suffix.length()];
    prefix.getChars(0, numberStart, buffer, 0);
    Arrays.fill(buffer, numberStart, numberStart + numberLength, '0');
    suffix.getChars(0, suffix.length(), buffer, numberStart + numberLength);
    return buffer;
  }
}
