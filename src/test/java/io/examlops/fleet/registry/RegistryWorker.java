package io.examlops.fleet.registry;

import io.examlops.fleet.StandardSchedulers;
import io.examlops.fleet.model.Actor;
import io.examlops.fleet.model.ClusterDefinition;
import io.examlops.fleet.model.Fingerprints;
import io.examlops.fleet.model.GpuGroup;
import io.examlops.fleet.model.NodeInfo;
import io.examlops.fleet.model.NodeState;
import io.examlops.fleet.scheduler.slurm.SlurmAdapter;
import io.examlops.fleet.testing.StopAt;
import io.examlops.fleet.testing.TestFleets;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A separate OS process for {@link RegistryProcessesTest}: opens the registry where the arguments
 * say and makes changes, so that several processes share one clusters.yaml and platform.db.
 *
 * <p>Arguments: {@code MODE HOME YAML DB WORKER ROUNDS}. Modes: {@code churn} (register, approve
 * and reject own clusters and one shared cluster), {@code upsert} (write one clusters.yaml entry),
 * {@code snapshot} (save one node snapshot of cluster lxp).
 */
public final class RegistryWorker {
  static final Fingerprints KEYS = RegistryFixture.keys("key1", "hk1");

  private RegistryWorker() {}

  public static void main(String[] args) {
    // As a surface does before it reads clusters.yaml: the shipped schedulers' kinds, declared.
    StandardSchedulers.kinds();
    String mode = args[0];
    Map<String, String> env =
        Map.of("HOME", args[1], "EXAMLOPS_HPC_REGISTRY", args[2], "EXAMLOPS_PLATFORM_DB", args[3]);
    String worker = args[4];
    int rounds = Integer.parseInt(args[5]);
    ClusterRegistry registry =
        ClusterRegistry.open(
            TestFleets.settings(env), Clock.systemUTC(), StopAt.fromSystemProperty());
    switch (mode) {
      case "churn" -> churn(registry, worker, rounds);
      case "upsert" -> registry.clustersFile().upsert(definition("w" + worker, "written-host"));
      case "snapshot" -> registry.saveSnapshot("lxp", nodes(rounds), Actor.cli("worker" + worker));
      default -> throw new IllegalArgumentException(mode);
    }
    System.out.println("done");
  }

  private static void churn(ClusterRegistry registry, String worker, int rounds) {
    for (int i = 0; i < rounds; i++) {
      String own = "w" + worker + "-c" + i;
      registry.register(
          definition(own, "h" + worker + "-" + i), KEYS, null, Actor.cli("user" + worker));
      registry.approve(own, KEYS, Actor.cli("admin" + worker));
      if (i % 2 == 1) {
        registry.reject(own, "round " + i, Actor.cli("admin" + worker));
      }
      registry.register(
          definition("shared", "shared-login"), KEYS, null, Actor.cli("user" + worker));
      if ((i + Integer.parseInt(worker)) % 2 == 0) {
        registry.approve("shared", KEYS, Actor.cli("admin" + worker));
      } else {
        registry.reject("shared", "worker " + worker, Actor.cli("admin" + worker));
      }
    }
  }

  static ClusterDefinition definition(String name, String host) {
    return ClusterDefinition.ssh(
        name, SlurmAdapter.KIND, host, "hpcuser", "~/.ssh/id_ed25519", 22, KEYS.hostKey());
  }

  static List<NodeInfo> nodes(int count) {
    List<NodeInfo> nodes = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      nodes.add(
          new NodeInfo(
              "node" + i,
              32,
              1000,
              List.of(GpuGroup.of("h100", 8)),
              0,
              NodeState.IDLE,
              "idle",
              List.of("gpu"),
              List.of(),
              null));
    }
    return nodes;
  }
}
