package io.examlops.fleet.transport;

import java.util.Locale;

/**
 * OpenSSH's host patterns, shared by known_hosts lines and ssh_config {@code Host} lines: {@code *}
 * any run of characters, {@code ?} exactly one, {@code !} a veto.
 */
final class HostPatterns {
  private HostPatterns() {}

  /**
   * OpenSSH match_hostname: any negated pattern of the comma-separated list that matches vetoes the
   * whole list. Patterns are compared in lower case; {@code hostName} must be lower case.
   */
  static boolean matchList(String patterns, String hostName) {
    boolean matched = false;
    for (String pattern : patterns.toLowerCase(Locale.ROOT).split(",")) {
      boolean negated = pattern.startsWith("!");
      if (wildcard(negated ? pattern.substring(1) : pattern, hostName)) {
        if (negated) {
          return false;
        }
        matched = true;
      }
    }
    return matched;
  }

  /** Whether {@code pattern} ({@code *}, {@code ?}) matches all of {@code text}, case as given. */
  static boolean wildcard(String pattern, String text) {
    int p = 0;
    int t = 0;
    int star = -1;
    int starText = 0;
    while (t < text.length()) {
      if (p < pattern.length()
          && (pattern.charAt(p) == '?' || pattern.charAt(p) == text.charAt(t))) {
        p++;
        t++;
      } else if (p < pattern.length() && pattern.charAt(p) == '*') {
        star = p++;
        starText = t;
      } else if (star >= 0) {
        p = star + 1;
        t = ++starText;
      } else {
        return false;
      }
    }
    while (p < pattern.length() && pattern.charAt(p) == '*') {
      p++;
    }
    return p == pattern.length();
  }
}
