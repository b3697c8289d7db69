package io.examlops.fleet.scheduler.nvidia;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads single values as nvidia-smi prints them. The CSV query form wraps the driver's "cannot
 * tell" answers in brackets ({@code [N/A]}, {@code [Not Supported]}, {@code [Unknown Error]},
 * {@code [Requested functionality has been deprecated]}, ...); the XML form prints the same words
 * bare ({@code N/A}). Both mean the figure is unknown, which callers keep as {@code null}.
 */
final class SmiValues {
  private static final Pattern NUMBER_WITH_UNIT =
      Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(MiB|%)?", Pattern.CASE_INSENSITIVE);

  // Bare forms of the bracketed answers, as the XML output and old drivers print them.
  private static final java.util.Set<String> BARE_UNKNOWN =
      java.util.Set.of(
          "n/a",
          "not supported",
          "unknown error",
          "gpu is lost",
          "insufficient permissions",
          "not available",
          "function not found",
          "requested functionality has been deprecated");

  private SmiValues() {}

  /** Whether a value is one of the driver's "cannot tell" answers rather than a figure. */
  static boolean unknown(String value) {
    String v = value.strip();
    if (v.isEmpty() || (v.startsWith("[") && v.endsWith("]"))) {
      return true;
    }
    return BARE_UNKNOWN.contains(v.toLowerCase(Locale.ROOT));
  }

  /** Whether a value says the device itself is failing (not just that a figure is missing). */
  static boolean signalsFault(String value) {
    String v = value.toLowerCase(Locale.ROOT);
    return v.contains("unknown error") || v.contains("gpu is lost");
  }

  /** Memory in MiB ({@code "81920 MiB"} or {@code "81920"}); null when unknown. */
  static Long mib(String value) {
    Matcher m = figure(value, "MiB");
    return m == null ? null : (long) Math.floor(Double.parseDouble(m.group(1)));
  }

  /** A percentage ({@code "65 %"} or {@code "65"}); null when unknown. */
  static Integer percent(String value) {
    Matcher m = figure(value, "%");
    if (m == null) {
      return null;
    }
    int p = (int) Math.round(Double.parseDouble(m.group(1)));
    if (p > 100) {
      throw new IllegalArgumentException("percentage above 100: '" + value.strip() + "'");
    }
    return p;
  }

  /** MIG mode: true for {@code Enabled}, false for {@code Disabled} or an unknown answer. */
  static boolean enabled(String value) {
    return value.strip().equalsIgnoreCase("Enabled");
  }

  private static Matcher figure(String value, String unit) {
    if (unknown(value)) {
      return null;
    }
    Matcher m = NUMBER_WITH_UNIT.matcher(value.strip());
    if (!m.matches() || (m.group(2) != null && !m.group(2).equalsIgnoreCase(unit))) {
      throw new IllegalArgumentException(
          "expected a number in " + unit + " or [N/A], got '" + value.strip() + "'");
    }
    return m;
  }
}
