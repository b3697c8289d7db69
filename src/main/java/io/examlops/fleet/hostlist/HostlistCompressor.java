package io.examlops.fleet.hostlist;

import java.util.List;

/**
 * Writes host names as a hostlist the way Slurm's and Flux's hostlist_ranged_string do, in one
 * pass: a host joins the bracket group before it when it has the same prefix and a trailing number,
 * and joins that group's last range when its number is one higher and reads the same at the range's
 * padding width. Nothing is sorted or removed.
 */
final class HostlistCompressor {
  private final StringBuilder out;

  /** First host of the open bracket group; null when none is open. */
  private String groupHost;

  private int prefixLength;
  private int bracketAt;
  private int groupSize;

  private String rangeStartHost;
  private String rangeEndHost;
  private long rangeLo;
  private long rangeHi;
  private int rangeWidth;

  private HostlistCompressor(int sizeHint) {
    out = new StringBuilder(sizeHint);
  }

  static String compress(List<String> hosts) {
    HostlistCompressor compressor = new HostlistCompressor(Math.min(hosts.size(), 1 << 16) * 4);
    int position = 0;
    for (String host : hosts) {
      compressor.add(host, ++position);
    }
    compressor.closeGroup();
    return compressor.out.toString();
  }

  private void add(String host, int position) {
    int digitsStart = digitsStart(host, position);
    int length = host.length();
    boolean numbered = digitsStart < length && IdRange.fitsUnsigned(host, digitsStart, length);
    if (numbered
        && groupHost != null
        && digitsStart == prefixLength
        && host.regionMatches(0, groupHost, 0, prefixLength)) {
      long value = IdRange.unsignedValue(host, digitsStart, length);
      groupSize++;
      if (rangeHi != -1L && value == rangeHi + 1 && readsAtWidth(host, digitsStart)) {
        rangeHi = value;
        rangeEndHost = host;
      } else {
        closeRange();
        out.append(',');
        openRange(host, value);
      }
      return;
    }
    closeGroup();
    if (out.length() > 0) {
      out.append(',');
    }
    if (!numbered) {
      out.append(host);
      return;
    }
    groupHost = host;
    prefixLength = digitsStart;
    out.append(host, 0, digitsStart);
    bracketAt = out.length();
    groupSize = 1;
    openRange(host, IdRange.unsignedValue(host, digitsStart, length));
  }

  private void openRange(String host, long value) {
    rangeStartHost = host;
    rangeEndHost = host;
    rangeLo = value;
    rangeHi = value;
    int digits = host.length() - prefixLength;
    rangeWidth = digits > 1 && host.charAt(prefixLength) == '0' ? digits : 0;
  }

  /**
   * Whether expanding the range at its width would write this host's digits: a zero-padded number
   * must have exactly the range's width, an unpadded one at least that many digits (node09,node10
   * is node[09-10]; node9,node010 and node08,node9 are not ranges).
   */
  private boolean readsAtWidth(String host, int digitsStart) {
    int digits = host.length() - digitsStart;
    boolean padded = digits > 1 && host.charAt(digitsStart) == '0';
    return padded ? digits == rangeWidth : digits >= rangeWidth;
  }

  private void closeRange() {
    out.append(rangeStartHost, prefixLength, rangeStartHost.length());
    if (rangeHi != rangeLo) {
      out.append('-').append(rangeEndHost, prefixLength, rangeEndHost.length());
    }
  }

  private void closeGroup() {
    if (groupHost == null) {
      return;
    }
    closeRange();
    if (groupSize > 1) {
      out.insert(bracketAt, '[').append(']');
    }
    groupHost = null;
  }

  /**
   * Where the trailing digits of the host start (its length when it has none), after checking that
   * the name can be written in a hostlist at all, so that expanding the result gives it back.
   */
  private static int digitsStart(String host, int position) {
    if (host == null || host.isEmpty()) {
      throw HostlistException.hostName(
          String.valueOf(host), "host " + position + " of the list has no name");
    }
    int digitsStart = host.length();
    for (int i = host.length() - 1; i >= 0; i--) {
      char c = host.charAt(i);
      if (c == ',' || c == '[' || c == ']' || Character.isWhitespace(c)) {
        throw HostlistException.hostName(
            host,
            "host "
                + position
                + " of the list contains '"
                + c
                + "', which a hostlist cannot carry in a name");
      }
      if (digitsStart == i + 1 && c >= '0' && c <= '9') {
        digitsStart = i;
      }
    }
    return digitsStart;
  }
}
