package io.examlops.fleet.scheduler;

import java.util.Objects;

/**
 * One preflight check's result.
 *
 * @param name which check ({@link CheckName#label()})
 * @param status its verdict
 * @param reason what was found, in words
 */
public record Check(CheckName name, Status status, String reason) {

  /** A check's verdict. Only FAIL makes the preflight fail. */
  public enum Status {
    PASS,
    WARN,
    FAIL,
    /** Not run, because an earlier check showed it could not be (the reason says which). */
    SKIPPED
  }

  public Check {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(status, "status");
    Objects.requireNonNull(reason, "reason");
  }

  public static Check pass(CheckName name, String reason) {
    return new Check(name, Status.PASS, reason);
  }

  public static Check warn(CheckName name, String reason) {
    return new Check(name, Status.WARN, reason);
  }

  public static Check fail(CheckName name, String reason) {
    return new Check(name, Status.FAIL, reason);
  }
}
