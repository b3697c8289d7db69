package io.examlops.fleet.bench;

import io.examlops.fleet.Fleet;
import io.examlops.fleet.model.ClusterDefinition;
import io.examlops.fleet.model.access.Role;
import io.examlops.fleet.model.access.TokenScope;
import io.examlops.fleet.registry.ClustersFile;
import io.examlops.fleet.scheduler.slurm.SlurmAdapter;
import io.examlops.fleet.testing.TestFleets;
import java.nio.file.Path;
import java.time.Clock;
import java.util.EnumSet;
import java.util.Map;

/**
 * The console benchmark's fleet (scripts/bench/console.sh): {@code CLUSTERS} approved Slurm
 * clusters of {@code NODES} nodes each in their snapshots, a user and a read token, in a directory
 * of its own. Their SSH port has no server, so the console's refresher fails fast on them and the
 * stored snapshots stay what the pages show.
 *
 * <p>Args: DIR KEY_FILE CLUSTERS NODES PASSWORD; prints the token.
 */
public final class ConsoleBenchFleet {
  private static final io.examlops.fleet.model.Actor BENCH =
      new io.examlops.fleet.model.Actor("bench", "cli");

  private ConsoleBenchFleet() {}

  public static void main(String[] args) {
    Path dir = Path.of(args[0]);
    String key = args[1];
    int clusters = Integer.parseInt(args[2]);
    int nodes = Integer.parseInt(args[3]);
    Map<String, String> env = env(dir);
    Fleet fleet = TestFleets.fleet(env);
    ClustersFile file =
        new ClustersFile(dir.resolve("clusters.yaml"), TestFleets.settings(env).home());
    var registry =
        io.examlops.fleet.registry.ClusterRegistry.open(
            TestFleets.settings(env), Clock.systemUTC());
    var inventory = SinfoParseBenchmark.nodeInfos(nodes);
    for (int i = 0; i < clusters; i++) {
      String name = String.format("c%03d", i);
      file.upsert(
          ClusterDefinition.ssh(
              name,
              SlurmAdapter.KIND,
              "127.0.0.1",
              "bench",
              key,
              1,
              "SHA256:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"));
      fleet.governance().approve(BENCH, new io.examlops.fleet.governance.ApproveRequest(name));
      registry.saveSnapshot(name, inventory, BENCH);
    }
    fleet.access().addUser(BENCH, "bench", Role.ADMIN, args[4].toCharArray());
    System.out.println(
        fleet.access().createToken(BENCH, "bench", "bench", EnumSet.of(TokenScope.READ)).secret());
  }

  static Map<String, String> env(Path dir) {
    return Map.of(
        "HOME", dir.toString(),
        "EXAMLOPS_HPC_REGISTRY", dir.resolve("clusters.yaml").toString(),
        "EXAMLOPS_PLATFORM_DB", dir.resolve("platform.db").toString(),
        "EXAMLOPS_ACTOR", "bench");
  }
}
