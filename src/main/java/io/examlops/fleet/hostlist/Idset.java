package io.examlops.fleet.hostlist;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.TreeSet;

/**
 * Flux idsets (RFC 22): {@code 0-3}, {@code 1,3-5}, {@code [2-3]}, the empty set {@code ""}.
 *
 * <p>Read as flux-core's idset_decode reads them: optional surrounding brackets, ids and ranges in
 * ascending order without overlap, no leading zeros. Unlike flux-core, {@code 3-3} is accepted (as
 * 3) and empty elements ({@code 1,,2}) are refused rather than skipped.
 */
public final class Idset {
  private Idset() {}

  /** The ids, ascending; brackets around the set are optional; blank or null is the empty set. */
  public static List<Long> parse(String text) {
    List<IdRange> ranges = ranges(text);
    long count = count(text, ranges);
    if (count > Hostlist.MAX_EXPANSION) {
      throw HostlistException.idset(
          text, "holds " + count + " ids, more than the " + Hostlist.MAX_EXPANSION + " listed");
    }
    List<Long> ids = new ArrayList<>((int) count);
    for (IdRange range : ranges) {
      for (long id = range.lo(); id <= range.hi(); id++) {
        ids.add(id);
        if (id == Long.MAX_VALUE) {
          break;
        }
      }
    }
    return ids;
  }

  /** Number of ids, from the ranges alone. */
  public static long count(String text) {
    return count(text, ranges(text));
  }

  /**
   * Writes ids as an idset, {@code 0-3,7}: ascending, each id once, runs of two or more as ranges,
   * no brackets; the empty collection is {@code ""}.
   *
   * @throws HostlistException for a negative or null id
   */
  public static String format(Collection<Long> ids) {
    for (Long id : ids) {
      if (id == null || id < 0) {
        throw HostlistException.idset(
            String.valueOf(ids), "id " + id + " is not a non-negative number");
      }
    }
    StringBuilder out = new StringBuilder();
    long lo = -1;
    long hi = -1;
    for (long id : new TreeSet<>(ids)) {
      if (lo >= 0 && id == hi + 1) {
        hi = id;
        continue;
      }
      appendRange(out, lo, hi);
      lo = id;
      hi = id;
    }
    appendRange(out, lo, hi);
    return out.toString();
  }

  private static void appendRange(StringBuilder out, long lo, long hi) {
    if (lo < 0) {
      return;
    }
    if (out.length() > 0) {
      out.append(',');
    }
    out.append(lo);
    if (hi > lo) {
      out.append('-').append(hi);
    }
  }

  private static long count(String text, List<IdRange> ranges) {
    long count = 0;
    for (IdRange range : ranges) {
      count = HostlistTerm.add(text, count, range.size(text));
    }
    return count;
  }

  private static List<IdRange> ranges(String text) {
    List<IdRange> ranges = new ArrayList<>();
    if (text == null) {
      return ranges;
    }
    String body = text.strip();
    if (body.length() >= 2 && body.charAt(0) == '[' && body.charAt(body.length() - 1) == ']') {
      body = body.substring(1, body.length() - 1);
    }
    if (body.isEmpty()) {
      return ranges;
    }
    long previousHi = -1;
    int start = 0;
    for (int i = 0; i <= body.length(); i++) {
      if (i < body.length() && body.charAt(i) != ',') {
        continue;
      }
      IdRange range = element(text, body, start, i);
      if (range.lo() <= previousHi) {
        throw HostlistException.idset(
            text,
            "'"
                + body.substring(start, i)
                + "' comes after "
                + previousHi
                + "; an idset lists ids in ascending order, each once");
      }
      ranges.add(range);
      previousHi = range.hi();
      start = i + 1;
    }
    return ranges;
  }

  private static IdRange element(String text, String body, int from, int to) {
    int dash = body.indexOf('-', from);
    int loEnd = dash >= 0 && dash < to ? dash : to;
    String element = body.substring(from, to);
    long lo = id(text, body, from, loEnd, element);
    long hi = loEnd == to ? lo : id(text, body, loEnd + 1, to, element);
    if (lo > hi) {
      throw HostlistException.idset(
          text, "range '" + element + "' runs backwards; write it low-high");
    }
    return new IdRange(lo, hi, 0);
  }

  private static long id(String text, String body, int from, int to, String element) {
    if (!IdRange.isDigits(body, from, to)) {
      throw HostlistException.idset(
          text, "'" + element + "' is not a non-negative id or a range like 2-5");
    }
    if (to - from > 1 && body.charAt(from) == '0') {
      throw HostlistException.idset(
          text, "'" + element + "' has a leading zero, which RFC 22 idsets do not allow");
    }
    long id = IdRange.fitsUnsigned(body, from, to) ? IdRange.unsignedValue(body, from, to) : -1;
    if (id < 0) {
      throw HostlistException.idset(
          text, "id '" + body.substring(from, to) + "' is larger than " + Long.MAX_VALUE);
    }
    return id;
  }
}
