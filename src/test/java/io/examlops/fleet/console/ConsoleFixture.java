package io.examlops.fleet.console;

import io.examlops.fleet.Fleet;
import io.examlops.fleet.model.SchedulerKind;
import io.examlops.fleet.model.access.Role;
import io.examlops.fleet.model.access.TokenScope;
import io.examlops.fleet.transport.Endpoint;
import io.examlops.fleet.transport.TransportOptions;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.EnumSet;
import java.util.Map;

/**
 * A real console on a free loopback port, over real clusters.yaml and platform.db files in a
 * temporary directory, with two mock clusters PENDING and users ann (admin), vic (viewer).
 */
final class ConsoleFixture implements AutoCloseable {
  static final String ADMIN = "ann";
  static final String VIEWER = "vic";
  static final String PASSWORD = "a long test password";

  final Path dir;
  final Map<String, String> env;
  final Fleet fleet;
  final ConsoleServer server;
  final String base;

  ConsoleFixture(Path dir, String... clusters) {
    this.dir = dir;
    this.env =
        Map.of(
            "HOME", dir.toString(),
            "EXAMLOPS_HPC_REGISTRY", dir.resolve("clusters.yaml").toString(),
            "EXAMLOPS_PLATFORM_DB", dir.resolve("platform.db").toString(),
            "EXAMLOPS_ACTOR", "setup",
            "PATH", System.getenv().getOrDefault("PATH", "/usr/bin:/bin"));
    this.fleet = new Fleet(env, Clock.systemUTC());
    for (String name : clusters) {
      fleet.connect(Endpoint.local(TransportOptions.DEFAULTS), name, SchedulerKind.MOCK);
    }
    fleet.addUser(ADMIN, Role.ADMIN, PASSWORD.toCharArray());
    fleet.addUser(VIEWER, Role.VIEWER, PASSWORD.toCharArray());
    this.server =
        new ConsoleServer(fleet, new ConsoleSettings("127.0.0.1", 0, Duration.ofMinutes(5), false));
    this.base = "http://127.0.0.1:" + server.start();
  }

  String token(String owner, TokenScope... scopes) {
    return fleet.createToken(owner, "test-" + owner, EnumSet.of(scopes[0], scopes)).secret();
  }

  /** The cluster's state as the stores have it now. */
  io.examlops.fleet.model.ClusterState state(String name) {
    return fleet.clusters().stream()
        .filter(c -> c.cluster().name().equals(name))
        .findFirst()
        .orElseThrow()
        .cluster()
        .state();
  }

  @Override
  public void close() {
    server.close();
  }
}
