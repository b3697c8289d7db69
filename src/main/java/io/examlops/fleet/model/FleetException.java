package io.examlops.fleet.model;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A failure of a fleet operation, as every surface receives it: a {@link ErrorKind kind} to act on,
 * a message in words any surface can show (it never names a surface's commands or options), and,
 * where there is one, a {@link Hint} saying what to do, which each surface renders itself. A
 * refused request names the request fields concerned ({@link #fields()}), so that a surface can
 * point at its own option, form field or argument. The core's own exceptions extend it, each with
 * its kind.
 */
public class FleetException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final ErrorKind kind;
  private final transient Hint hint;
  private final transient List<String> fields;

  public FleetException(ErrorKind kind, String message) {
    this(kind, message, null, null);
  }

  public FleetException(ErrorKind kind, String message, Hint hint) {
    this(kind, message, hint, null);
  }

  public FleetException(ErrorKind kind, String message, Hint hint, Throwable cause) {
    this(kind, message, hint, cause, List.of());
  }

  private FleetException(
      ErrorKind kind, String message, Hint hint, Throwable cause, List<String> fields) {
    super(message, cause);
    this.kind = Objects.requireNonNull(kind, "kind");
    this.hint = hint;
    this.fields = List.copyOf(fields);
  }

  /**
   * A request that breaks a rule of the operation; nothing was done.
   *
   * @param fields the request fields concerned (record component names), none when it is the
   *     request as a whole
   */
  public static FleetException invalid(String message, String... fields) {
    return new FleetException(ErrorKind.INVALID_REQUEST, message, null, null, List.of(fields));
  }

  /**
   * A value that breaks its rule, in one wording: {@code invalid WHAT 'VALUE': HOW}, the value
   * shown safely ({@link Printable#quoted}).
   *
   * @param how what the value must be, or how to write it
   * @param fields as for {@link #invalid(String, String...)}
   */
  public static FleetException invalidValue(
      String what, String value, String how, String... fields) {
    return invalid("invalid " + what + " " + Printable.quoted(value) + ": " + how, fields);
  }

  /**
   * This failure, about {@code requestFields}: a value's rule that failed inside a request names
   * the request's own field. A failure that already names its fields keeps them.
   */
  public FleetException about(String... requestFields) {
    if (!fields.isEmpty() || requestFields.length == 0) {
      return this;
    }
    return new FleetException(kind, getMessage(), hint, this, List.of(requestFields));
  }

  public ErrorKind kind() {
    return kind;
  }

  public Optional<Hint> hint() {
    return Optional.ofNullable(hint);
  }

  /** The request fields the failure concerns (record component names); empty when none. */
  public List<String> fields() {
    return fields;
  }
}
