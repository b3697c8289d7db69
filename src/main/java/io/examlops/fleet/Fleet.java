package io.examlops.fleet;

import io.examlops.fleet.discovery.Detection;
import io.examlops.fleet.discovery.Discovery;
import io.examlops.fleet.discovery.NodeInventory;
import io.examlops.fleet.discovery.SchedulerProbe;
import io.examlops.fleet.scheduler.flux.FluxProbe;
import io.examlops.fleet.scheduler.mock.MockProbe;
import io.examlops.fleet.model.AuditEvent;
import io.examlops.fleet.model.ClusterCaps;
import io.examlops.fleet.model.ClusterDefinition;
import io.examlops.fleet.model.ClusterName;
import io.examlops.fleet.model.Fingerprints;
import io.examlops.fleet.model.NodeSnapshot;
import io.examlops.fleet.model.RegisteredCluster;
import io.examlops.fleet.model.SchedulerKind;
import io.examlops.fleet.model.Schedulability;
import io.examlops.fleet.registry.ClusterConnections;
import io.examlops.fleet.registry.ClusterEnvironment;
import io.examlops.fleet.registry.ClusterRegistry;
import io.examlops.fleet.registry.JobStore;
import io.examlops.fleet.registry.RegistryException;
import io.examlops.fleet.scheduling.FleetScheduling;
import io.examlops.fleet.scheduling.JobService;
import io.examlops.fleet.scheduling.SchedulerRefusedException;
import io.examlops.fleet.scheduling.backend.SubmitRequest;
import io.examlops.fleet.model.placement.PlacementRequest;
import io.examlops.fleet.model.placement.PlacementResult;
import io.examlops.fleet.model.placement.Verdict;
import io.examlops.fleet.model.TrackedJob;
import io.examlops.fleet.discovery.ProbeRegistry;
import io.examlops.fleet.transport.CommandRunner;
import io.examlops.fleet.transport.Endpoint;
import io.examlops.fleet.transport.KeyFingerprint;
import io.examlops.fleet.transport.TransportOptions;
import io.examlops.fleet.transport.UserHome;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The application API every surface calls: the CLI, the web console, the MCP server and the Jenkins
 * steps hold no rule of their own. Reads the process environment once, at construction.
 */
public final class Fleet {
  /** Who is acting, for the audit trail; defaults to the operating-system user. */
  public static final String ACTOR_VARIABLE = "EXAMLOPS_ACTOR";

  private final Map<String, String> env;
  private final Clock clock;
  private final Discovery discovery;
  private ClusterRegistry registry;

  /** The longest acting-user name accepted: it is shown in tables and stored in every event. */
  public static final int MAX_ACTOR_LENGTH = 200;

  /** Values {@code EXAMLOPS_HPC_SCHEDULER} may take: what a cluster runs, or what detect found. */
  public static final List<SchedulerKind> ENVIRONMENT_SCHEDULERS =
      List.of(SchedulerKind.SLURM, SchedulerKind.FLUX, SchedulerKind.MOCK, SchedulerKind.UNMANAGED);

  /**
   * @throws IllegalArgumentException when {@code EXAMLOPS_HPC_SCHEDULER} is set to something that
   *     is not a scheduler, naming the variable and the values it takes
   */
  public Fleet(Map<String, String> env, Clock clock) {
    requireKnownScheduler(env.get(ClusterEnvironment.SCHEDULER));
    this.env = Map.copyOf(env);
    this.clock = clock;
    this.discovery = new Discovery(Discovery.defaultProbes(), clock);
  }

  public Map<String, String> env() {
    return env;
  }

  public Clock clock() {
    return clock;
  }

  /** The acting user: {@code EXAMLOPS_ACTOR}, else the operating-system user. */
  public String actor() {
    String actor = env.get(ACTOR_VARIABLE);
    if (actor == null || actor.isBlank()) {
      return System.getProperty("user.name");
    }
    String trimmed = actor.strip();
    if (trimmed.length() > MAX_ACTOR_LENGTH || trimmed.chars().anyMatch(Character::isISOControl)) {
      throw new IllegalArgumentException(
          ACTOR_VARIABLE
              + " is "
              + io.examlops.fleet.model.Printable.quoted(trimmed)
              + ": the acting user must be one line of at most "
              + MAX_ACTOR_LENGTH
              + " characters (no newline or control character); set it to a user name, or unset"
              + " it to use the operating-system user");
    }
    return trimmed;
  }

  private static void requireKnownScheduler(String value) {
    if (value == null || value.isBlank()) {
      return;
    }
    boolean known =
        ENVIRONMENT_SCHEDULERS.stream().anyMatch(k -> k.label().equals(value.strip()));
    if (!known) {
      throw new IllegalArgumentException(
          ClusterEnvironment.SCHEDULER
              + " is "
              + io.examlops.fleet.model.Printable.quoted(value)
              + ", which is not a scheduler: use one of "
              + String.join(", ", ENVIRONMENT_SCHEDULERS.stream().map(SchedulerKind::label).toList())
              + " (exa hpc env NAME prints the right value), or unset it");
    }
  }

  public Discovery discovery() {
    return discovery;
  }

  /** The registry, opened on first use (commands that only discover never touch it). */
  public synchronized ClusterRegistry registry() {
    if (registry == null) {
      registry = ClusterRegistry.open(env, clock);
    }
    return registry;
  }

  public ClusterConnections connections() {
    return new ClusterConnections(
        registry(),
        TransportOptions.DEFAULTS,
        Endpoint.knownHosts(env, UserHome.of(env)),
        io.examlops.fleet.registry.ClientCredential.from(env));
  }

  /**
   * The clusters.yaml entry detection suggests for what it found (the mock backend when nothing
   * answered), named after the host. Applies nothing.
   */
  public static String suggestedClustersYaml(Detection detection, Endpoint endpoint) {
    SchedulerKind scheduler = detection.found() ? detection.scheduler() : SchedulerKind.MOCK;
    if (scheduler == SchedulerKind.UNMANAGED) {
      return null;
    }
    ClusterDefinition definition =
        endpoint.isLocal() || scheduler == SchedulerKind.MOCK
            ? ClusterDefinition.local(endpoint.isLocal() ? "local" : suggestedName(endpoint), scheduler)
            : ClusterDefinition.ssh(
                suggestedName(endpoint),
                scheduler,
                endpoint.ssh().host(),
                endpoint.ssh().user(),
                endpoint.ssh().key().toAbsolutePath().toString(),
                endpoint.ssh().port(),
                detection.hostKeyFingerprint());
    return io.examlops.fleet.registry.ClustersFile.entryText(definition);
  }

  /** A cluster name that follows the name rule, from a host name: {@code lxp-login} → itself. */
  static String suggestedName(Endpoint endpoint) {
    String host = endpoint.ssh().host().toLowerCase(java.util.Locale.ROOT);
    String first = host.matches("[0-9.:\\[\\]]+") ? host : host.split("\\.")[0];
    String cleaned = first.replaceAll("[^a-z0-9_-]", "-");
    String name = Character.isLetter(cleaned.charAt(0)) ? cleaned : "cluster-" + cleaned;
    return name.length() > 63 ? name.substring(0, 63) : name;
  }

  /** What {@link #connect} did. */
  public record Connected(RegisteredCluster cluster, Detection detection, boolean reprobed) {}

  /**
   * Probes a host and registers it as PENDING under {@code name}, recording who asked. Registering
   * an approved cluster again refreshes its capabilities and never de-authorizes it; if what was
   * approved changed, it stops being schedulable until approved again.
   *
   * @param declared the scheduler the user declares, or {@code null} to take what detection finds
   */
  public Connected connect(Endpoint endpoint, String name, SchedulerKind declared) {
    ClusterName.require(name);
    boolean reprobed = registry().find(name).isPresent();
    if (declared == SchedulerKind.MOCK) {
      if (!endpoint.isLocal()) {
        throw new IllegalArgumentException(
            "the mock backend runs jobs on this machine: connect it as 'local', not "
                + endpoint.label());
      }
      ClusterCaps caps = mockCaps(endpoint);
      RegisteredCluster cluster =
          registry()
              .register(
                  ClusterDefinition.local(name, SchedulerKind.MOCK), Fingerprints.NONE, caps,
                  actor());
      return new Connected(cluster, null, reprobed);
    }
    Detection detection = discovery.detect(endpoint);
    SchedulerKind found = detection.scheduler();
    if (detection.outcome() == Detection.Outcome.NOT_ANSWERING) {
      throw new io.examlops.fleet.discovery.ProbeException(
          "a scheduler is installed on " + endpoint.label() + " but does not answer ("
              + String.join("; ", detection.notes()) + "); nothing was registered: connect again"
              + " once it answers");
    }
    if (!detection.found()) {
      throw new RegistryException(
          "no scheduler answers on " + endpoint.label() + " (" + String.join("; ",
              detection.notes()) + "); nothing was registered. To try HPC Fleet without a"
              + " cluster, register the mock backend: exa hpc connect local --name " + name
              + " --scheduler mock");
    }
    if (found == SchedulerKind.UNMANAGED) {
      throw new RegistryException(
          endpoint.label() + " has GPUs but no scheduler (only nvidia-smi answers); HPC Fleet"
              + " submits through Slurm, Flux or the mock backend; nothing was registered");
    }
    if (declared != null && declared != found) {
      throw new RegistryException(
          "--scheduler " + declared.label() + " was given but " + endpoint.label() + " runs "
              + found.label() + "; nothing was registered");
    }
    ClusterDefinition definition =
        endpoint.isLocal()
            ? ClusterDefinition.local(name, found)
            : ClusterDefinition.ssh(
                name,
                found,
                endpoint.ssh().host(),
                endpoint.ssh().user(),
                endpoint.ssh().key().toAbsolutePath().toString(),
                endpoint.ssh().port(),
                detection.hostKeyFingerprint());
    if (found == SchedulerKind.FLUX) {
      definition = definition.withFluxUri(fluxInstance(endpoint));
    }
    Fingerprints seen =
        endpoint.isLocal()
            ? Fingerprints.NONE
            : new Fingerprints(
                KeyFingerprint.of(endpoint.ssh().key()), detection.hostKeyFingerprint());
    RegisteredCluster cluster = registry().register(definition, seen, detection.caps(), actor());
    return new Connected(cluster, detection, reprobed);
  }

  /** The Flux instance that answered the probe: the one every later command is sent to. */
  private static String fluxInstance(Endpoint endpoint) {
    try (CommandRunner runner = endpoint.open()) {
      return new FluxProbe().instanceUri(runner);
    }
  }

  private ClusterCaps mockCaps(Endpoint endpoint) {
    try (CommandRunner runner = endpoint.open()) {
      return mockProbe().capabilities(runner);
    }
  }

  private MockProbe mockProbe() {
    return new MockProbe(MockProbe.declaredGpus(env), 0);
  }

  /** A registered cluster with the approval gate's verdict on it now. */
  public record ClusterStatus(RegisteredCluster cluster, Schedulability schedulability) {}

  /** Every registered cluster, in clusters.yaml order, with its verdict. Grants nothing. */
  public List<ClusterStatus> clusters() {
    ClusterConnections connections = connections();
    return registry().list().stream()
        .map(c -> new ClusterStatus(c, verdict(connections, c)))
        .toList();
  }

  private static Schedulability verdict(ClusterConnections connections, RegisteredCluster c) {
    try {
      return connections.schedulability(c);
    } catch (RegistryException e) {
      return Schedulability.no(e.getMessage());
    }
  }

  /** Approves a cluster as it is now, pinning its host, user, port, key and host key. */
  public RegisteredCluster approve(String name) {
    ClusterConnections connections = connections().withoutCredential();
    RegisteredCluster cluster = connections.cluster(name);
    return registry().approve(name, connections.current(cluster), actor());
  }

  /** Rejects (or revokes) a cluster; a reason is required. */
  public RegisteredCluster reject(String name, String reason) {
    connections().cluster(name);
    return registry().reject(name, reason, actor());
  }

  /** The {@code EXAMLOPS_HPC_*} environment of a schedulable ACTIVE cluster; refused otherwise. */
  public Map<String, String> environment(String name) {
    ClusterConnections connections = connections();
    RegisteredCluster cluster = connections.requireSchedulable(name);
    return registry().environment(name, connections.current(cluster));
  }

  /** The environment as shell-quoted export lines. */
  public static String exportLines(Map<String, String> environment) {
    return ClusterEnvironment.exportScript(environment);
  }

  /** Reads a registered cluster's nodes through its own connection definition. */
  public NodeInventory clusterNodes(String name) {
    ClusterConnections connections = connections();
    RegisteredCluster cluster = connections.cluster(name);
    if (cluster.definition() != null && cluster.definition().scheduler() == SchedulerKind.MOCK) {
      return mockInventory(cluster);
    }
    SchedulerProbe probe = probeFor(cluster.definition().scheduler());
    return connections.withRunner(
        cluster,
        actor(),
        runner ->
            new NodeInventory(
                probe.kind(), runner.target(), clock.instant(), probe.listNodes(runner)));
  }

  /** Reads a registered cluster's nodes and saves them as a snapshot in platform.db. */
  public NodeSnapshot saveSnapshot(String name) {
    NodeInventory inventory = clusterNodes(name);
    return registry().saveSnapshot(name, inventory.nodes(), actor());
  }

  public Optional<NodeSnapshot> latestSnapshot(String name) {
    return registry().latestSnapshot(name);
  }

  /** The audit trail, of one cluster or of all. */
  public List<AuditEvent> audit(String cluster) {
    if (cluster == null) {
      return registry().auditTrail();
    }
    connections().cluster(cluster);
    return registry().auditTrail(cluster);
  }

  /** Submission and tracking of jobs on approved clusters. */
  public JobService jobs() {
    return new JobService(connections(), jobStore(), mockJobsDir(), clock, actor());
  }

  /** Where a tracked job's output goes: a path on its cluster, or here for the mock backend. */
  public String jobOutput(TrackedJob job) {
    RegisteredCluster cluster = connections().cluster(job.cluster());
    return jobs().backend(cluster.definition().scheduler()).outputFile(job.schedulerJobId());
  }

  // --- Jenkins surface (issue 11): job output, re-attach by tag ---------------------------------

  /**
   * Passes a tracked job's output (by fleet id or scheduler id) to {@code sink}: what is there now,
   * or with {@code follow} what is written until the job ends, {@code limit} passes, or the thread
   * is interrupted. Read-only: allowed for a job on any registered cluster.
   */
  public io.examlops.fleet.scheduling.JobLogs.Read logs(
      String jobId, boolean follow, java.time.Duration limit,
      java.util.function.Consumer<String> sink) {
    JobService service = jobs();
    TrackedJob job = service.find(jobId);
    if (job.schedulerJobId() == null) {
      throw new SchedulerRefusedException(
          "job " + job.id() + " on " + job.cluster() + " has no scheduler id: it was never"
              + " confirmed as submitted, so it has no output to read");
    }
    return new io.examlops.fleet.scheduling.JobLogs(connections(), service, actor())
        .read(job, follow, limit, java.time.Duration.ofSeconds(2), sink);
  }

  // --- end of the Jenkins surface's block ------------------------------------------------------

  /** Placement, preflight and capacity. */
  public FleetScheduling scheduling() {
    ProbeRegistry probes = new ProbeRegistry();
    discovery.probes().probes().forEach(probes::register);
    probes.register(mockProbe());
    return new FleetScheduling(connections(), jobStore(), probes, this::mockInventory, clock);
  }

  public JobStore jobStore() {
    return new JobStore(registry().platformDb());
  }

  /** Where the mock backend keeps its jobs: beside platform.db. */
  private Path mockJobsDir() {
    return registry().platformDb().file().toAbsolutePath().getParent().resolve("mock-jobs");
  }

  /** The mock backend's one node now, its simulated GPUs less those its running jobs hold. */
  private NodeInventory mockInventory(RegisteredCluster cluster) {
    int inUse =
        jobStore().list(new JobStore.Filter(cluster.name(), null, null)).stream()
            .filter(j -> !j.state().terminal() && j.gpus() != null)
            .mapToInt(TrackedJob::gpus)
            .sum();
    try (CommandRunner runner = Endpoint.local(TransportOptions.DEFAULTS).open()) {
      return new NodeInventory(
          SchedulerKind.MOCK,
          runner.target(),
          clock.instant(),
          new MockProbe(MockProbe.declaredGpus(env), inUse).listNodes(runner));
    }
  }

  /**
   * Snapshots the nodes of every schedulable cluster (the mock is always live); returns what could
   * not be refreshed, in words.
   */
  public List<String> refreshSnapshots() {
    List<String> notes = new java.util.ArrayList<>();
    for (ClusterStatus status : clusters()) {
      RegisteredCluster cluster = status.cluster();
      if (!status.schedulability().schedulable()
          || cluster.definition().scheduler() == SchedulerKind.MOCK) {
        continue;
      }
      try {
        saveSnapshot(cluster.name());
      } catch (RuntimeException e) {
        notes.add("could not refresh " + cluster.name() + ": " + e.getMessage());
      }
    }
    return notes;
  }

  /**
   * A submission and the placement that chose its partition (and, for {@code --cluster auto}, its
   * cluster); {@code null} when the request named its partition or asks for no GPUs.
   */
  public record Submitted(TrackedJob job, PlacementResult placement, boolean reattached) {}

  /** The word that asks placement to choose the cluster. */
  public static final String AUTO = "auto";

  /**
   * Submits to a named cluster, or with {@link #AUTO} to the one placement chooses. A request that
   * names no partition goes to the partition placement picks inside the cluster (a GPU job sent
   * to a site's CPU default partition is refused); an explicit partition wins, and a CPU-only job
   * goes to the scheduler's default. The approval gate holds either way.
   *
   * @param tag the caller's name for this submission, or {@code null}: while the newest job of a
   *     tag has not ended, submitting under it again re-attaches to that job (see {@link
   *     io.examlops.fleet.scheduling.TaggedJobs})
   * @throws SchedulerRefusedException when no cluster can take the job, or the scheduler refuses
   */
  public Submitted submit(
      String cluster,
      SubmitRequest request,
      String model,
      String dataset,
      boolean withClusterEnvironment,
      String tag) {
    if (tag != null) {
      Optional<TrackedJob> running =
          new io.examlops.fleet.scheduling.TaggedJobs(jobs()).unfinished(tag);
      if (running.isPresent()) {
        return new Submitted(running.get(), null, true);
      }
    }
    PlacementRequest ask =
        new PlacementRequest(request.gpus(), request.nodes(), null, request.partition());
    PlacementResult placement;
    String target;
    if (AUTO.equals(cluster)) {
      placement = scheduling().place(ask);
      target =
          placement
              .chosen()
              .orElseThrow(() -> new SchedulerRefusedException(placement.explanation()))
              .cluster();
    } else {
      boolean choosePartition = request.partition() == null && request.gpus() > 0;
      placement = choosePartition ? scheduling().placeIn(cluster, ask) : null;
      target = cluster;
    }
    String partition =
        placement == null
            ? null
            : placement.chosen().map(Verdict::partition).orElse(null);
    SubmitRequest placed =
        request.partition() != null || partition == null ? request : request.inPartition(partition);
    SubmitRequest sent = withClusterEnvironment ? withEnvironmentOf(target, placed) : placed;
    return new Submitted(jobs().submit(target, sent, model, dataset, tag), placement, false);
  }

  /** The request with the cluster's EXAMLOPS_HPC_* variables added to what the job exports. */
  private SubmitRequest withEnvironmentOf(String cluster, SubmitRequest request) {
    Map<String, String> env = new java.util.TreeMap<>(request.environment());
    environment(cluster).forEach((k, v) -> {
      if (v != null) {
        env.put(k, v);
      }
    });
    return request.withEnvironment(env);
  }

  /** The probe for a declared scheduler. */
  public SchedulerProbe probeFor(SchedulerKind scheduler) {
    if (scheduler == SchedulerKind.MOCK) {
      return mockProbe();
    }
    return discovery
        .probes()
        .probe(scheduler)
        .orElseThrow(() -> new RegistryException("no probe is registered for " + scheduler.label()));
  }
}
