package io.examlops.fleet.registry;

/**
 * A test hook: when the system property {@value #PROPERTY} names a point, the process announces
 * reaching it on stdout and waits there forever, so that a test can kill it at exactly that moment
 * and check that the previous state survived; {@code point@MILLIS} waits that long and goes on, so
 * that a test can signal it there (SIGTERM) and see what it does. Unset in normal use, where it
 * does nothing.
 */
final class CrashPoint {
  static final String PROPERTY = "examlops.registry.crashpoint";
  static final String YAML_BEFORE_RENAME = "clusters-yaml-before-rename";
  static final String SNAPSHOT_BEFORE_COMMIT = "snapshot-before-commit";

  /** A governance change (register, approve, reject, ...) and its audit event are written. */
  static final String GOVERNANCE_BEFORE_COMMIT = "governance-before-commit";

  /** A job's submission is recorded as submitting; nothing was sent to the scheduler yet. */
  static final String JOB_RECORDED_BEFORE_SEND = "job-recorded-before-send";

  /** The scheduler accepted a job; its record is not completed yet. */
  static final String JOB_SENT_BEFORE_RECORD = "job-sent-before-record";

  private CrashPoint() {}

  static void reached(String point) {
    String named = System.getProperty(PROPERTY, "");
    boolean pause = named.startsWith(point + "@");
    if (!point.equals(named) && !pause) {
      return;
    }
    System.out.println("crashpoint " + point);
    System.out.flush();
    if (pause) {
      try {
        Thread.sleep(Long.parseLong(named.substring(point.length() + 1)));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      return;
    }
    while (true) {
      try {
        Thread.sleep(60_000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }
}
