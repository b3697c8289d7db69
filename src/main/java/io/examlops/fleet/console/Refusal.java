package io.examlops.fleet.console;

/**
 * A request the console answers with an error status: what was wrong, and how to fix it. Thrown by
 * handlers and guards; rendered as JSON under {@code /api}, as a page elsewhere.
 */
final class Refusal extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final int status;
  private final String kind;
  private final String hint;

  Refusal(int status, String kind, String message, String hint) {
    super(message);
    this.status = status;
    this.kind = kind;
    this.hint = hint;
  }

  static Refusal badRequest(String message, String hint) {
    return new Refusal(400, "INVALID_REQUEST", message, hint);
  }

  static Refusal unauthenticated(String message) {
    return new Refusal(
        401,
        "UNAUTHENTICATED",
        message,
        "sign in at /login, or send Authorization: Bearer <token> (an admin creates tokens)");
  }

  static Refusal forbidden(String message) {
    return forbidden(message, "ask an admin for the role or token scope");
  }

  static Refusal forbidden(String message, String hint) {
    return new Refusal(403, "FORBIDDEN", message, hint);
  }

  int status() {
    return status;
  }

  String kind() {
    return kind;
  }

  String hint() {
    return hint;
  }
}
