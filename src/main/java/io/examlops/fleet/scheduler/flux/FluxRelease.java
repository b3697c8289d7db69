package io.examlops.fleet.scheduler.flux;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A flux-core release number, read from version strings such as {@code 0.88.0} or a dev build's
 * {@code 0.88.0-12-gabcdef}; the suffix does not change which commands exist.
 */
public record FluxRelease(int major, int minor, int patch) implements Comparable<FluxRelease> {
  private static final Pattern NUMBERS = Pattern.compile("^v?(\\d+)\\.(\\d+)(?:\\.(\\d+))?");

  /** Reads the leading {@code MAJOR.MINOR[.PATCH]}; throws when there is none. */
  public static FluxRelease parse(String text) {
    Matcher m = NUMBERS.matcher(text == null ? "" : text.trim());
    if (!m.find()) {
      throw new IllegalArgumentException("'" + text + "' is not a flux-core version like 0.88.0");
    }
    return new FluxRelease(
        Integer.parseInt(m.group(1)),
        Integer.parseInt(m.group(2)),
        m.group(3) == null ? 0 : Integer.parseInt(m.group(3)));
  }

  public boolean atLeast(int wantedMajor, int wantedMinor) {
    return compareTo(new FluxRelease(wantedMajor, wantedMinor, 0)) >= 0;
  }

  @Override
  public int compareTo(FluxRelease other) {
    int byMajor = Integer.compare(major, other.major);
    if (byMajor != 0) {
      return byMajor;
    }
    int byMinor = Integer.compare(minor, other.minor);
    return byMinor != 0 ? byMinor : Integer.compare(patch, other.patch);
  }

  @Override
  public String toString() {
    return major + "." + minor + "." + patch;
  }
}
