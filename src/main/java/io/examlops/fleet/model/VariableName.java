package io.examlops.fleet.model;

import java.util.regex.Pattern;

/**
 * The name of an environment variable a job exports: the one rule for it, as a POSIX shell reads
 * names (the job script exports them with {@code export NAME=...}).
 */
public final class VariableName {
  /** What a variable name may hold. */
  public static final String RULE =
      "letters, digits and '_', not starting with a digit (at most 128)";

  private static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]{0,127}");

  private VariableName() {}

  /**
   * The name, checked.
   *
   * @throws FleetException naming the field {@code environment} and the rule
   */
  public static String require(String name) {
    if (name == null || !NAME.matcher(name).matches()) {
      throw FleetException.invalid(
          Printable.quoted(name) + " is not an environment variable name: use " + RULE,
          "environment");
    }
    return name;
  }
}
