package io.examlops.fleet.discovery;

import io.examlops.fleet.model.Actor;
import io.examlops.fleet.model.ApiSettings;
import io.examlops.fleet.model.ClusterDefinition;
import io.examlops.fleet.model.FleetException;
import io.examlops.fleet.model.KeyMaterial;
import io.examlops.fleet.model.NodeInfo;
import io.examlops.fleet.model.NodeSnapshot;
import io.examlops.fleet.model.QueueRead;
import io.examlops.fleet.model.ReadFrom;
import io.examlops.fleet.model.RegisteredCluster;
import io.examlops.fleet.model.SchedulerKind;
import io.examlops.fleet.model.UtilizationSample;
import io.examlops.fleet.registry.ClusterRegistry;
import io.examlops.fleet.registry.Clusters;
import io.examlops.fleet.registry.LatestNodes;
import io.examlops.fleet.registry.UtilizationHistory;
import io.examlops.fleet.scheduler.NodeInventory;
import io.examlops.fleet.scheduler.SchedulerAdapter;
import io.examlops.fleet.scheduler.SchedulerProbe;
import io.examlops.fleet.transport.Endpoint;
import java.util.ArrayList;
import java.util.List;

/**
 * What hosts and clusters offer: which scheduler a host runs, its nodes and GPUs, and the snapshots
 * placement and capacity read. All of it read-only on the cluster: only side-effect-free queries.
 * Stateless: safe to share between threads.
 */
public final class DiscoveryService {
  private final Clusters clusters;
  private final Discovery discovery;

  public DiscoveryService(Clusters clusters) {
    this.clusters = clusters;
    this.discovery = Discovery.of(clusters);
  }

  /** Which scheduler a host runs, and the configuration to use it. Applies nothing. */
  public DetectResult detect(DetectRequest request) {
    Endpoint endpoint = discovery.endpoints().resolve(request.target());
    Detection detection = discovery.detect(endpoint);
    Suggestion suggestion =
        Suggestion.of(detection, endpoint, request.target().host(), clusters.adapters());
    return new DetectResult(
        detection.outcome().label(),
        detection.found(),
        detection.scheduler(),
        detection.target(),
        suggestion.transport(),
        detection.caps(),
        detection.gpus(),
        new DetectResult.Suggested(
            suggestion.scheduler(),
            suggestion.env(),
            suggestedEntry(suggestion.scheduler(), detection, endpoint),
            suggestion.exportLines()),
        detection.hostKeyFingerprint(),
        detection.notes(),
        detection.commandsRun(),
        detection.probes().stream()
            .map(p -> new DetectResult.Probe(p.scheduler(), p.state().label(), p.reason()))
            .toList());
  }

  /**
   * The nodes of a host, or of a registered cluster: read through its own definition now (saved as
   * a snapshot when asked, audited as {@code actor}'s), or as last stored.
   */
  public NodesResult nodes(Actor actor, NodesRequest request) {
    String name = request.cluster();
    if (name == null) {
      NodeInventory inventory = discovery.nodes(discovery.endpoints().resolve(request.target()));
      return new NodesResult(
          null,
          inventory.scheduler(),
          inventory.target(),
          inventory.takenAt(),
          null,
          inventory.nodes());
    }
    requireOwnHost(name, request.target());
    if (request.from() == ReadFrom.STORE) {
      RegisteredCluster cluster = clusters.connections().cluster(name);
      SchedulerKind scheduler = LatestNodes.schedulerOf(cluster);
      return clusters
          .latest()
          .of(cluster)
          .map(
              s ->
                  new NodesResult(
                      name,
                      scheduler,
                      s.id() == 0 ? "live" : "snapshot " + s.id(),
                      s.takenAt(),
                      s.id() == 0 ? null : s.id(),
                      s.nodes()))
          .orElse(new NodesResult(name, scheduler, null, null, null, List.of()));
    }
    NodeInventory inventory = clusterNodes(actor, name);
    NodeSnapshot snapshot =
        request.save() ? registry().saveSnapshot(name, inventory.nodes(), actor) : null;
    return new NodesResult(
        name,
        inventory.scheduler(),
        inventory.target(),
        inventory.takenAt(),
        snapshot == null ? null : snapshot.id(),
        inventory.nodes());
  }

  /** The GPU devices of a host, as its device probe (nvidia-smi) reports them. */
  public GpusResult gpus(GpusRequest request) {
    Endpoint endpoint = discovery.endpoints().resolve(request.target());
    return new GpusResult(endpoint.label(), discovery.gpus(endpoint));
  }

  /**
   * Refreshes clusters, audited as {@code actor}'s: a snapshot of the nodes of each one read from
   * snapshots, with its queue beside it, and for every one, whatever its kind, the GPUs found in
   * use recorded for the utilization history (a cluster whose nodes are read live, the mock, needs
   * no snapshot but has a history too). A queue that cannot be read does not stop the snapshot (why
   * is recorded in its place); a cluster that cannot be read is reported and the others are still
   * refreshed.
   */
  public RefreshResult refresh(Actor actor, RefreshRequest request) {
    List<String> names = request.cluster() == null ? refreshTargets() : List.of(request.cluster());
    List<NodeSnapshot> taken = new ArrayList<>();
    List<UtilizationSample> samples = new ArrayList<>();
    List<RefreshResult.Failure> failures = new ArrayList<>();
    for (String name : names) {
      try {
        RegisteredCluster cluster = clusters.connections().cluster(name);
        ClusterRegistry registry = registry();
        UtilizationHistory history = new UtilizationHistory(registry.platformDb());
        if (clusters.latest().readsLive(cluster)) {
          NodeInventory live = clusterNodes(actor, name);
          samples.add(history.record(name, live.takenAt(), live.nodes()));
        } else {
          List<NodeInfo> nodes = clusterNodes(actor, name).nodes();
          NodeSnapshot snapshot = registry.saveSnapshot(name, nodes, queueNow(actor, name), actor);
          taken.add(snapshot);
          samples.add(history.record(snapshot));
        }
      } catch (FleetException e) {
        failures.add(new RefreshResult.Failure(name, KeyMaterial.redact(e.getMessage())));
      }
    }
    return new RefreshResult(taken, samples, failures);
  }

  /**
   * Refuses, with the approval gate's own verdict and hint, a refresh of a cluster that is unknown
   * or may not be reached now; a surface that queues a refresh for later asks this first.
   */
  public void checkRefresh(RefreshRequest request) {
    if (request.cluster() != null) {
      clusters.connections().requireSchedulable(request.cluster());
    }
  }

  /**
   * The clusters a refresh of all covers: every schedulable one, whatever its kind (those read live
   * get a utilization sample, the others a snapshot and a sample).
   */
  public List<String> refreshTargets() {
    return clusters.connections().store().list().stream()
        .filter(c -> c.definition() != null)
        .filter(c -> schedulable(c))
        .map(RegisteredCluster::name)
        .toList();
  }

  private boolean schedulable(RegisteredCluster cluster) {
    try {
      return clusters.connections().schedulability(cluster).schedulable();
    } catch (FleetException e) {
      return false;
    }
  }

  private QueueRead queueNow(Actor actor, String name) {
    try {
      RegisteredCluster cluster = clusters.connections().cluster(name);
      SchedulerAdapter adapter = clusters.adapters().of(cluster.definition().scheduler());
      return QueueRead.of(
          clusters
              .connections()
              .withRunner(
                  cluster,
                  actor,
                  runner -> adapter.backend(clusters.context()).orElseThrow().queue(runner)));
    } catch (RuntimeException e) {
      return QueueRead.failed(KeyMaterial.redact(String.valueOf(e.getMessage())));
    }
  }

  /** A host given beside a cluster must be the cluster's own: its definition says where it is. */
  private void requireOwnHost(String name, HostTarget target) {
    if (target.host() == null) {
      return;
    }
    ClusterDefinition definition = clusters.connections().cluster(name).definition();
    if (definition != null && !target.host().equals(definition.host())) {
      throw FleetException.invalid(
          "host "
              + target.host()
              + " is not the host of cluster '"
              + name
              + "' ("
              + definition.host()
              + "); leave the host out to read the cluster as registered",
          "host");
    }
  }

  /** Reads a registered cluster's nodes through its own connection definition. */
  private NodeInventory clusterNodes(Actor actor, String name) {
    RegisteredCluster cluster = clusters.connections().cluster(name);
    SchedulerAdapter adapter = clusters.adapters().of(cluster.definition().scheduler());
    if (adapter.readsLive()) {
      return adapter.liveInventory(cluster, clusters.context());
    }
    SchedulerProbe probe = adapter.probe(clusters.context());
    return clusters
        .connections()
        .withRunner(
            cluster,
            actor,
            runner ->
                new NodeInventory(
                    probe.kind(),
                    runner.target(),
                    clusters.clock().instant(),
                    probe.listNodes(runner)));
  }

  private ClusterRegistry registry() {
    return clusters.stores().registry();
  }

  /**
   * The clusters.yaml entry detection suggests for what it found (the trial backend when nothing
   * answered), named after the host. Applies nothing.
   */
  static String suggestedEntry(SchedulerKind scheduler, Detection detection, Endpoint endpoint) {
    if (scheduler == null || !scheduler.runsJobs()) {
      return null;
    }
    ClusterDefinition definition =
        endpoint.isLocal() || !detection.found()
            ? ClusterDefinition.local(
                endpoint.isLocal() ? "local" : suggestedName(endpoint), scheduler)
            : detection.definition(suggestedName(endpoint), scheduler, endpoint);
    return io.examlops.fleet.registry.ClustersFile.entryText(definition);
  }

  /** A cluster name that follows the name rule, from a host name: {@code lxp-login} → itself. */
  static String suggestedName(Endpoint endpoint) {
    String host =
        (endpoint.isApi()
                ? ApiSettings.isSocket(endpoint.api().label())
                    ? "local-api"
                    : endpoint.api().url().getHost()
                : endpoint.ssh().host())
            .toLowerCase(java.util.Locale.ROOT);
    String first = host.matches("[0-9.:\\[\\]]+") ? host : host.split("\\.")[0];
    String cleaned = first.replaceAll("[^a-z0-9_-]", "-");
    String name = Character.isLetter(cleaned.charAt(0)) ? cleaned : "cluster-" + cleaned;
    return name.length() > 63 ? name.substring(0, 63) : name;
  }
}
