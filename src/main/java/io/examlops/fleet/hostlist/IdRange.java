package io.examlops.fleet.hostlist;

/**
 * One element of a bracketed id list: {@code 7}, {@code 1-4} or {@code 001-128}.
 *
 * <p>{@code lo} and {@code hi} are unsigned 64-bit values (flux-core accepted {@code
 * node[18446744073709551615]}), compare them with {@link Long#compareUnsigned}. {@code width} is
 * the zero-padded width of every id, taken from the range start as both schedulers do: {@code 01-3}
 * is 01,02,03 and {@code 1-03} is 1,2,3. Width 0 means "not padded".
 */
record IdRange(long lo, long hi, int width) {

  /** Number of ids; throws when the range holds 2^63 ids or more. */
  long size(String input) {
    long size = hi - lo + 1;
    if (size <= 0) {
      throw new HostlistException(
          input,
          "range "
              + Long.toUnsignedString(lo)
              + "-"
              + Long.toUnsignedString(hi)
              + " holds too many ids to count");
    }
    return size;
  }

  /** Parses {@code N} or {@code A-B} from {@code item[from, to)}, an element of its id list. */
  static IdRange parse(String input, String item, int from, int to) {
    int dash = item.indexOf('-', from);
    if (dash >= to) {
      dash = -1;
    }
    int loEnd = dash < 0 ? to : dash;
    int hiStart = dash < 0 ? from : dash + 1;
    String element = item.substring(from, to);
    if (!isDigits(item, from, loEnd) || !isDigits(item, hiStart, to)) {
      throw new HostlistException(
          input,
          "'" + element + "' in '" + item + "' is not a non-negative number or a range like 1-4");
    }
    long lo = parseUnsigned(input, item, from, loEnd);
    long hi = dash < 0 ? lo : parseUnsigned(input, item, hiStart, to);
    if (Long.compareUnsigned(lo, hi) > 0) {
      throw new HostlistException(
          input, "range '" + element + "' in '" + item + "' runs backwards; write it low-high");
    }
    int digits = loEnd - from;
    int width = digits > 1 && item.charAt(from) == '0' ? digits : 0;
    return new IdRange(lo, hi, width);
  }

  static boolean isDigits(CharSequence text, int from, int to) {
    if (from >= to) {
      return false;
    }
    for (int i = from; i < to; i++) {
      char c = text.charAt(i);
      if (c < '0' || c > '9') {
        return false;
      }
    }
    return true;
  }

  /** Parses decimal digits as an unsigned 64-bit value, rejecting anything above 2^64-1. */
  static long parseUnsigned(String input, String text, int from, int to) {
    if (!fitsUnsigned(text, from, to)) {
      throw new HostlistException(
          input,
          "number '" + text.substring(from, to) + "' is larger than " + MAX_UNSIGNED + " (2^64-1)");
    }
    return unsignedValue(text, from, to);
  }

  /** Whether the digits {@code text[from, to)} fit in an unsigned 64-bit value. */
  static boolean fitsUnsigned(CharSequence text, int from, int to) {
    int start = from;
    while (start < to - 1 && text.charAt(start) == '0') {
      start++;
    }
    int significant = to - start;
    if (significant != MAX_UNSIGNED.length()) {
      return significant < MAX_UNSIGNED.length();
    }
    // Digit strings of equal length compare like the numbers they spell.
    for (int i = 0; i < significant; i++) {
      int diff = text.charAt(start + i) - MAX_UNSIGNED.charAt(i);
      if (diff != 0) {
        return diff < 0;
      }
    }
    return true;
  }

  /**
   * The unsigned value of digits that {@link #fitsUnsigned} accepted (wraps silently otherwise).
   */
  static long unsignedValue(CharSequence text, int from, int to) {
    long value = 0;
    for (int i = from; i < to; i++) {
      value = value * 10 + (text.charAt(i) - '0');
    }
    return value;
  }

  private static final String MAX_UNSIGNED = Long.toUnsignedString(-1L);
}
