package io.examlops.fleet.model;

import java.util.regex.Pattern;

/**
 * A caller's name for a submission ({@code --tag}, the Jenkins steps' build tag), so that a build
 * retried re-attaches to its job instead of submitting it twice. The one rule for what a tag holds.
 */
public final class JobTag {
  /** What a tag may hold: a CI system's job and build names fit, nothing a shell would read. */
  public static final String RULE =
      "1 to 200 characters: letters, digits and . _ - : / # @ + =, starting with a letter or digit";

  private static final Pattern TAG = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._:/#@+=-]{0,199}");

  private JobTag() {}

  /**
   * The tag, checked; {@code null} stays {@code null} (no tag).
   *
   * @throws FleetException naming the field {@code tag} and the rule
   */
  public static String require(String tag) {
    if (tag != null && !TAG.matcher(tag).matches()) {
      throw FleetException.invalid(
          "tag " + Printable.quoted(tag) + " is not a tag: a tag is " + RULE, "tag");
    }
    return tag;
  }
}
