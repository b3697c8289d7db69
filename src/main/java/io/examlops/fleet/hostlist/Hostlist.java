package io.examlops.fleet.hostlist;

import java.util.ArrayList;
import java.util.List;

/**
 * Expands and compresses Slurm and Flux hostlists ({@code node[001-128,130]}, {@code rank[0-2]}).
 *
 * <p>Order and duplicates are kept as the schedulers keep them. Zero padding applies per element:
 * {@code node[005,4]} is {@code node005,node4}, as flux-core 0.88 and Slurm both expand it.
 */
public final class Hostlist {
  private Hostlist() {}

  /** Expands a hostlist expression into host names; throws {@link HostlistException} on bad input. */
  public static List<String> expand(String expression) {
    List<String> hosts = new ArrayList<>();
    if (expression == null) {
      return hosts;
    }
    for (String item : splitTopLevel(expression)) {
      expandItem(expression, item, hosts);
    }
    return hosts;
  }

  private static List<String> splitTopLevel(String expression) {
    List<String> items = new ArrayList<>();
    int depth = 0;
    int start = 0;
    for (int i = 0; i < expression.length(); i++) {
      char c = expression.charAt(i);
      if (c == '[') {
        depth++;
      } else if (c == ']') {
        depth--;
      } else if ((c == ',' || Character.isWhitespace(c)) && depth == 0) {
        items.add(expression.substring(start, i));
        start = i + 1;
      }
    }
    items.add(expression.substring(start));
    items.removeIf(String::isEmpty);
    return items;
  }

  private static void expandItem(String expression, String item, List<String> out) {
    int open = item.indexOf('[');
    if (open < 0) {
      if (item.indexOf(']') >= 0) {
        throw new HostlistException(expression, "']' without '[' in '" + item + "'");
      }
      out.add(item);
      return;
    }
    int close = item.indexOf(']', open);
    if (close < 0) {
      throw new HostlistException(expression, "'[' without ']' in '" + item + "'");
    }
    String prefix = item.substring(0, open);
    String suffix = item.substring(close + 1);
    String body = item.substring(open + 1, close);
    if (body.isEmpty()) {
      throw new HostlistException(expression, "empty brackets in '" + item + "'");
    }
    List<String> tails = suffix.indexOf('[') >= 0 ? expand(suffix) : List.of(suffix);
    for (String element : body.split(",", -1)) {
      for (String id : expandElement(expression, element)) {
        for (String tail : tails) {
          out.add(prefix + id + tail);
        }
      }
    }
  }

  private static List<String> expandElement(String expression, String element) {
    int dash = element.indexOf('-');
    String lowText = dash < 0 ? element : element.substring(0, dash);
    String highText = dash < 0 ? element : element.substring(dash + 1);
    if (!isDigits(lowText) || !isDigits(highText)) {
      throw new HostlistException(
          expression, "'" + element + "' is not a number or a range like 1-4");
    }
    long low = parse(expression, lowText);
    long high = parse(expression, highText);
    if (low > high) {
      throw new HostlistException(expression, "range '" + element + "' runs backwards");
    }
    int width = lowText.length() > 1 && lowText.charAt(0) == '0' ? lowText.length() : 0;
    List<String> ids = new ArrayList<>();
    for (long id = low; id <= high; id++) {
      ids.add(pad(id, width));
    }
    return ids;
  }

  private static long parse(String expression, String digits) {
    try {
      return Long.parseLong(digits);
    } catch (NumberFormatException e) {
      throw new HostlistException(expression, "number '" + digits + "' is too large");
    }
  }

  private static boolean isDigits(String text) {
    if (text.isEmpty()) {
      return false;
    }
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c < '0' || c > '9') {
        return false;
      }
    }
    return true;
  }

  private static String pad(long id, int width) {
    String digits = Long.toString(id);
    if (digits.length() >= width) {
      return digits;
    }
    return "0".repeat(width - digits.length()) + digits;
  }

  /**
   * Compresses host names into a hostlist, merging only adjacent hosts that share a prefix and
   * differ in a trailing number; order and duplicates are kept ({@code node[3,1-2]}).
   */
  public static String compress(List<String> hosts) {
    StringBuilder out = new StringBuilder();
    int i = 0;
    while (i < hosts.size()) {
      HostName first = HostName.split(hosts.get(i));
      int j = i + 1;
      while (j < hosts.size()
          && first.hasNumber()
          && HostName.split(hosts.get(j)).samePrefix(first)) {
        j++;
      }
      if (out.length() > 0) {
        out.append(',');
      }
      if (j - i == 1) {
        out.append(hosts.get(i));
      } else {
        out.append(first.prefix()).append('[');
        appendRanges(out, hosts.subList(i, j));
        out.append(']');
      }
      i = j;
    }
    return out.toString();
  }

  private static void appendRanges(StringBuilder out, List<String> hosts) {
    int k = 0;
    while (k < hosts.size()) {
      HostName start = HostName.split(hosts.get(k));
      int m = k;
      while (m + 1 < hosts.size()) {
        HostName next = HostName.split(hosts.get(m + 1));
        HostName current = HostName.split(hosts.get(m));
        if (next.number() != current.number() + 1 || !next.sameWidth(current)) {
          break;
        }
        m++;
      }
      if (k > 0) {
        out.append(',');
      }
      out.append(start.digits());
      if (m > k) {
        out.append('-').append(HostName.split(hosts.get(m)).digits());
      }
      k = m + 1;
    }
  }

  /** A host name split into its prefix and its trailing digits. */
  private record HostName(String prefix, String digits) {
    static HostName split(String host) {
      int end = host.length();
      int start = end;
      while (start > 0 && Character.isDigit(host.charAt(start - 1))) {
        start--;
      }
      if (end - start > 18) {
        start = end; // too long to be a counter we can add to; keep the name literal
      }
      return new HostName(host.substring(0, start), host.substring(start));
    }

    boolean hasNumber() {
      return !digits.isEmpty();
    }

    long number() {
      return Long.parseLong(digits);
    }

    boolean samePrefix(HostName other) {
      return hasNumber() && prefix.equals(other.prefix);
    }

    /** Padded ids only continue a range at the same width: node09,node10 is 09-10 but 9,010 is not. */
    boolean sameWidth(HostName other) {
      boolean padded = digits.length() > 1 && digits.charAt(0) == '0';
      boolean otherPadded = other.digits.length() > 1 && other.digits.charAt(0) == '0';
      if (!padded && !otherPadded) {
        return true;
      }
      return digits.length() == other.digits.length()
          || (otherPadded && !padded && digits.length() == other.digits.length());
    }
  }
}
