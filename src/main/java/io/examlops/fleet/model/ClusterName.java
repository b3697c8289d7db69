package io.examlops.fleet.model;

import java.util.regex.Pattern;

/**
 * The one rule for cluster names. Names reach shell command lines, file paths, environment values
 * and SQL, so they are restricted to a set that needs no quoting anywhere.
 */
public final class ClusterName {
  /** The rule in words, for error messages and documentation. */
  public static final String RULE =
      "a lower-case letter followed by up to 62 lower-case letters, digits, '-' or '_'"
          + " (^[a-z][a-z0-9_-]{0,62}$), e.g. lxp or gpu-east_2";

  private static final Pattern PATTERN = Pattern.compile("[a-z][a-z0-9_-]{0,62}");

  private ClusterName() {}

  public static boolean isValid(String name) {
    return name != null && PATTERN.matcher(name).matches();
  }

  /** Returns the name when it follows the rule; otherwise throws with the rule. */
  public static String require(String name) {
    return require(name, new String[0]);
  }

  /** As {@link #require(String)}, for a name that came in these request fields. */
  public static String require(String name, String... fields) {
    if (!isValid(name)) {
      throw FleetException.invalid(
          "invalid cluster name " + Printable.quoted(name) + ": a cluster name is " + RULE, fields);
    }
    return name;
  }
}
