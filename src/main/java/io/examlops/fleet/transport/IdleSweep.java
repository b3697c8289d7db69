package io.examlops.fleet.transport;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * How connections kept open between uses are closed: a daemon thread ({@code NAME-idle}) closes the
 * idle ones now and then, and the JVM's exit ({@code NAME-close}) closes the rest. Daemon, so that
 * it never keeps the JVM up; named, so that a thread dump says whose it is.
 */
public final class IdleSweep {
  private IdleSweep() {}

  /** Starts the sweeping thread and registers the closing at exit. */
  public static void start(String name, Duration every, Runnable closeIdle, Runnable closeAll) {
    ScheduledExecutorService sweeper =
        Executors.newSingleThreadScheduledExecutor(
            r -> {
              Thread t = new Thread(r, name + "-idle");
              t.setDaemon(true);
              return t;
            });
    long seconds = every.toSeconds();
    sweeper.scheduleWithFixedDelay(closeIdle, seconds, seconds, TimeUnit.SECONDS);
    Runtime.getRuntime().addShutdownHook(new Thread(closeAll, name + "-close"));
  }
}
