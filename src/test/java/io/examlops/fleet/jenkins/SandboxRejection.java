package io.examlops.fleet.jenkins;

/**
 * What Jenkins' sandbox throws (there, {@code RejectedAccessException}) when a script uses
 * something its rules do not permit; the message is Jenkins' own, such as {@code Scripts not
 * permitted to use staticMethod java.lang.System getenv}.
 */
final class SandboxRejection extends RuntimeException {
  private static final long serialVersionUID = 1L;

  SandboxRejection(String message) {
    super(message);
  }

  /** Refuses a member named by its signature, in the whitelist's format. */
  static SandboxRejection notPermitted(String signature) {
    return new SandboxRejection("Scripts not permitted to use " + signature);
  }
}
