package io.examlops.fleet.hostlist;

import java.util.ArrayList;
import java.util.List;

/** Flux idsets (RFC 22): {@code 0-3}, {@code 1,3-5}, {@code [2-3]}, the empty set {@code ""}. */
public final class Idset {
  private Idset() {}

  /** The ids in ascending order as written; brackets around the set are optional. */
  public static List<Long> parse(String text) {
    List<Long> ids = new ArrayList<>();
    if (text == null) {
      return ids;
    }
    String body = text.trim();
    if (body.startsWith("[") && body.endsWith("]")) {
      body = body.substring(1, body.length() - 1);
    }
    if (body.isEmpty()) {
      return ids;
    }
    for (String element : body.split(",")) {
      String[] bounds = element.trim().split("-", -1);
      if (bounds.length > 2) {
        throw new HostlistException(text, "'" + element + "' is not an id or a range like 2-5");
      }
      long low = number(text, bounds[0]);
      long high = bounds.length == 2 ? number(text, bounds[1]) : low;
      if (low > high) {
        throw new HostlistException(text, "range '" + element + "' runs backwards");
      }
      for (long id = low; id <= high; id++) {
        ids.add(id);
      }
    }
    return ids;
  }

  private static long number(String text, String digits) {
    try {
      long value = Long.parseLong(digits.trim());
      if (value < 0) {
        throw new NumberFormatException();
      }
      return value;
    } catch (NumberFormatException e) {
      throw new HostlistException(text, "'" + digits + "' is not a non-negative id");
    }
  }

  /** Number of ids, without materializing them. */
  public static int count(String text) {
    return parse(text).size();
  }
}
