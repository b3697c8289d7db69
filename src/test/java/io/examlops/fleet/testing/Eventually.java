package io.examlops.fleet.testing;

import java.time.Duration;
import java.util.function.BooleanSupplier;

/** Waits on a condition, never on the clock: the deadline only stops a test that would hang. */
public final class Eventually {
  private static final Duration GIVE_UP = Duration.ofSeconds(30);

  private Eventually() {}

  /** Returns once {@code condition} holds; fails, naming {@code what}, if it never does. */
  public static void waitUntil(String what, BooleanSupplier condition) {
    waitUntil(what, GIVE_UP, condition);
  }

  /** The same, giving up only after {@code giveUp} (a busy machine's Slurm or console). */
  public static void waitUntil(String what, Duration giveUp, BooleanSupplier condition) {
    long end = System.nanoTime() + giveUp.toNanos();
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > end) {
        throw new AssertionError("never happened in " + giveUp.toSeconds() + " s: " + what);
      }
      try {
        Thread.sleep(20);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new AssertionError("interrupted while waiting until " + what, e);
      }
    }
  }
}
