package io.examlops.fleet.testing;

import io.examlops.fleet.registry.WriteHook;
import io.examlops.fleet.registry.WriteHook.WriteStep;

/**
 * The write hook fault tests give a process of their own: at the step named by the system property
 * {@value #PROPERTY} ({@code STEP}, or {@code STEP@MILLIS} to pause there) it prints {@code
 * crashpoint STEP} and waits to be killed (or, when pausing, goes on after the pause).
 */
public final class StopAt implements WriteHook {
  /** The test's own property: the product reads none. */
  public static final String PROPERTY = "examlops.test.stop-at";

  private final String named;

  private StopAt(String named) {
    this.named = named;
  }

  /** The hook the property of this process names; does nothing when it is unset. */
  public static WriteHook fromSystemProperty() {
    String named = System.getProperty(PROPERTY, "");
    return named.isEmpty() ? WriteHook.NONE : new StopAt(named);
  }

  /** The JVM option that stops a process at {@code step}. */
  public static String option(WriteStep step) {
    return "-D" + PROPERTY + "=" + step.name();
  }

  /** The JVM option that pauses a process at {@code step} for {@code millis}. */
  public static String option(WriteStep step, long millis) {
    return "-D" + PROPERTY + "=" + step.name() + "@" + millis;
  }

  @Override
  public void reached(WriteStep step) {
    boolean pause = named.startsWith(step.name() + "@");
    if (!step.name().equals(named) && !pause) {
      return;
    }
    System.out.println("crashpoint " + step.name());
    System.out.flush();
    try {
      Thread.sleep(pause ? Long.parseLong(named.substring(step.name().length() + 1)) : 600_000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
