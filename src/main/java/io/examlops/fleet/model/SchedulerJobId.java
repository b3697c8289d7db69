package io.examlops.fleet.model;

import java.util.regex.Pattern;

/**
 * A job id as a scheduler gives it ({@code 42}, {@code 42_3}, {@code ƒCfjPArK} once read as {@code
 * fCfjPArK}, {@code mock-7}): what the fleet stores and puts on a command line to ask about the
 * job.
 */
public final class SchedulerJobId {
  public static final String RULE = "1 to 100 letters, digits or . _ : + -";

  private static final Pattern ID = Pattern.compile("[A-Za-z0-9._:+-]{1,100}");

  private SchedulerJobId() {}

  /**
   * The id, checked.
   *
   * @throws FleetException naming the field when it is not one
   */
  public static String require(String id, String field) {
    if (id == null || !ID.matcher(id).matches()) {
      throw FleetException.invalid(
          "the scheduler's job id " + Printable.quoted(id) + " is not one: " + RULE, field);
    }
    return id;
  }
}
