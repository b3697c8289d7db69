package io.examlops.fleet.console;

import java.util.concurrent.ThreadFactory;

/**
 * The threads of the console's background work: daemons, so that none keeps the JVM up once the
 * console stops, each named for what it does, so that a thread dump says whose it is.
 */
final class Daemons {
  private Daemons() {}

  static ThreadFactory named(String name) {
    return r -> {
      Thread t = new Thread(r, name);
      t.setDaemon(true);
      return t;
    };
  }
}
