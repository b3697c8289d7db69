package io.examlops.fleet.remote;

import com.fasterxml.jackson.core.type.TypeReference;
import io.examlops.fleet.discovery.NodesResult;
import io.examlops.fleet.model.Actor;
import io.examlops.fleet.model.ClusterName;
import io.examlops.fleet.model.Fingerprints;
import io.examlops.fleet.model.NodeSnapshot;
import io.examlops.fleet.model.RegisteredCluster;
import io.examlops.fleet.registry.ClusterStore;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The console's clusters, as an agent sees them: read once per process (a command asks about the
 * same clusters many times; a changed approval is seen by the next command).
 */
final class RemoteClusterStore implements ClusterStore {
  private final CentralClient client;
  private List<RegisteredCluster> clusters;
  private final Map<String, Optional<NodeSnapshot>> snapshots = new HashMap<>();

  RemoteClusterStore(CentralClient client) {
    this.client = client;
  }

  record Clusters(List<RegisteredCluster> clusters) {}

  @Override
  public synchronized List<RegisteredCluster> list() {
    if (clusters == null) {
      clusters = List.copyOf(client.get("/clusters", new TypeReference<Clusters>() {}).clusters());
    }
    return clusters;
  }

  @Override
  public Optional<RegisteredCluster> find(String name) {
    ClusterName.require(name);
    return list().stream().filter(c -> c.name().equals(name)).findFirst();
  }

  @Override
  public synchronized Optional<NodeSnapshot> latestSnapshot(String name) {
    ClusterName.require(name);
    return snapshots.computeIfAbsent(
        name,
        n ->
            snapshotOf(
                client.get("/clusters/" + n + "/snapshot", new TypeReference<NodesResult>() {})));
  }

  /** The console sends its stored read of the nodes; an untaken one means no snapshot. */
  private static Optional<NodeSnapshot> snapshotOf(NodesResult stored) {
    return stored.taken()
        ? Optional.of(
            new NodeSnapshot(
                stored.snapshotId() == null ? 0 : stored.snapshotId(),
                stored.cluster(),
                stored.takenAt(),
                null,
                stored.nodes()))
        : Optional.empty();
  }

  /**
   * An agent changes no governance: the refused connection stands, and the console records the host
   * key its own refresher meets.
   */
  @Override
  public RegisteredCluster recordObservation(String name, Fingerprints observed, Actor actor) {
    return find(name).orElseThrow();
  }

  /**
   * An agent holds no cluster credential, so it never mints a token: the console that reaches the
   * cluster's API mints and audits them.
   */
  @Override
  public void recordMint(
      String name, io.examlops.fleet.transport.HttpApi.Token token, Actor actor) {
    throw new IllegalStateException(
        "an agent of a central console mints no token for cluster '" + name + "'");
  }

  /**
   * The path as the console's clusters.yaml names it: on an agent the pipeline's credential gives
   * the key ({@code EXAMLOPS_HPC_CREDENTIAL_KEY}), checked against the approved fingerprint.
   */
  @Override
  public Path keyFile(String keyPath) {
    return Path.of(keyPath);
  }
}
