package io.examlops.fleet.model;

import java.util.regex.Pattern;

/**
 * A name that reaches a scheduler's command line or a job's environment: a job's name, a partition
 * or queue, an account or bank, a model, a dataset. The one rule for them, safe in any shell word.
 */
public final class SafeName {
  /** What such a name may hold. */
  public static final String RULE = "1 to 64 letters, digits, '_', '.' or '-'";

  private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_.-]{1,64}");

  private SafeName() {}

  /**
   * The name, checked.
   *
   * @param what what it names, in words ({@code job name}, {@code partition/queue}, ...)
   * @param field the request field it came in
   * @throws FleetException naming the field and the rule
   */
  public static String require(String what, String value, String field) {
    if (value == null || !NAME.matcher(value).matches()) {
      throw FleetException.invalid(
          "the " + what + " " + Printable.quoted(value) + " is not allowed: use " + RULE, field);
    }
    return value;
  }
}
