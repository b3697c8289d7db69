package io.examlops.fleet.hostlist;

import java.util.List;

/**
 * One top-level item of a hostlist, {@code rack[1-2]-node[01-04]}: literal texts around bracket
 * groups, {@code texts.size() == groups.size() + 1}. An item without brackets is one literal host.
 */
record HostlistTerm(String item, List<String> texts, List<List<IdRange>> groups) {

  static HostlistTerm literal(String host) {
    return new HostlistTerm(host, List.of(host), List.of());
  }

  /** Hosts this term stands for: the product of its groups' sizes. */
  long count(String input) {
    long count = 1;
    for (List<IdRange> group : groups) {
      count = multiply(input, count, groupSize(input, group));
    }
    return count;
  }

  /** Length of this term's longest host: its texts and each group's widest id. */
  long longestHost() {
    long length = 0;
    for (String text : texts) {
      length += text.length();
    }
    for (List<IdRange> group : groups) {
      int widest = 0;
      for (IdRange range : group) {
        widest =
            Math.max(widest, Math.max(range.width(), Long.toUnsignedString(range.hi()).length()));
      }
      length += widest;
    }
    return length;
  }

  static long groupSize(String input, List<IdRange> group) {
    long size = 0;
    for (IdRange range : group) {
      size = add(input, size, range.size(input));
    }
    return size;
  }

  static long add(String input, long a, long b) {
    try {
      return Math.addExact(a, b);
    } catch (ArithmeticException e) {
      throw tooMany(input);
    }
  }

  private static long multiply(String input, long a, long b) {
    try {
      return Math.multiplyExact(a, b);
    } catch (ArithmeticException e) {
      throw tooMany(input);
    }
  }

  private static HostlistException tooMany(String input) {
    return new HostlistException(input, "stands for more than 2^63 hosts");
  }
}
