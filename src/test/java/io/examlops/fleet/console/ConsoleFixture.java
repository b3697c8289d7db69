package io.examlops.fleet.console;

import io.examlops.fleet.ConnectRequest;
import io.examlops.fleet.Fleet;
import io.examlops.fleet.HostTarget;
import io.examlops.fleet.model.Actor;
import io.examlops.fleet.model.access.Role;
import io.examlops.fleet.model.access.TokenScope;
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
  static final Actor SETUP = new Actor("setup", Actor.CLI);

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
      fleet.connect(SETUP, new ConnectRequest(name, HostTarget.of("local"), "mock"));
    }
    fleet.addUser(SETUP, ADMIN, Role.ADMIN, PASSWORD.toCharArray());
    fleet.addUser(SETUP, VIEWER, Role.VIEWER, PASSWORD.toCharArray());
    this.server =
        new ConsoleServer(
            fleet,
            new ConsoleSettings("127.0.0.1", 0, Duration.ofMinutes(5), false),
            Clock.systemUTC());
    this.base = "http://127.0.0.1:" + server.start();
  }

  String token(String owner, TokenScope... scopes) {
    return fleet.createToken(SETUP, owner, "test-" + owner, EnumSet.of(scopes[0], scopes)).secret();
  }

  /** The cluster's state as the stores have it now. */
  io.examlops.fleet.model.ClusterState state(String name) {
    return fleet.listClusters().clusters().stream()
        .filter(c -> c.name().equals(name))
        .findFirst()
        .orElseThrow()
        .state();
  }

  @Override
  public void close() {
    server.close();
  }
}
