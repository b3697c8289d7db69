package io.examlops.fleet.testing;

import io.examlops.fleet.Fleet;
import io.examlops.fleet.settings.FleetSettings;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;

/** Settings and services as a surface builds them from an environment, for tests. */
public final class TestFleets {
  private TestFleets() {}

  /** The settings {@code env} gives, with this JVM's user and home as the surface's edge reads. */
  public static FleetSettings settings(Map<String, String> env) {
    return FleetSettings.fromEnvironment(
        env, System.getProperty("user.name"), Path.of(System.getProperty("user.home")));
  }

  /** The services over the stores {@code env} names. */
  public static Fleet fleet(Map<String, String> env) {
    return Fleet.of(settings(env), Clock.systemUTC());
  }
}
