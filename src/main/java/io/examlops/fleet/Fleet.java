package io.examlops.fleet;

import io.examlops.fleet.capacity.CostRate;
import io.examlops.fleet.discovery.DetectRequest;
import io.examlops.fleet.discovery.DetectResult;
import io.examlops.fleet.discovery.Detection;
import io.examlops.fleet.discovery.Discovery;
import io.examlops.fleet.discovery.GpusRequest;
import io.examlops.fleet.discovery.GpusResult;
import io.examlops.fleet.discovery.HostTarget;
import io.examlops.fleet.discovery.NodesRequest;
import io.examlops.fleet.discovery.NodesResult;
import io.examlops.fleet.discovery.RefreshResult;
import io.examlops.fleet.discovery.Suggestion;
import io.examlops.fleet.governance.ApproveRequest;
import io.examlops.fleet.governance.ApproveResult;
import io.examlops.fleet.governance.AuditRequest;
import io.examlops.fleet.governance.AuditResult;
import io.examlops.fleet.governance.ClusterStatus;
import io.examlops.fleet.governance.ClusterSummary;
import io.examlops.fleet.governance.ClustersResult;
import io.examlops.fleet.governance.ConnectRequest;
import io.examlops.fleet.governance.ConnectResult;
import io.examlops.fleet.governance.EnvRequest;
import io.examlops.fleet.governance.EnvResult;
import io.examlops.fleet.governance.RejectRequest;
import io.examlops.fleet.governance.RejectResult;
import io.examlops.fleet.jobs.CancelRequest;
import io.examlops.fleet.jobs.CancelResult;
import io.examlops.fleet.jobs.FollowRequest;
import io.examlops.fleet.jobs.FollowResult;
import io.examlops.fleet.jobs.JobTracker;
import io.examlops.fleet.jobs.JobsRequest;
import io.examlops.fleet.jobs.JobsResult;
import io.examlops.fleet.jobs.LogsRequest;
import io.examlops.fleet.jobs.LogsResult;
import io.examlops.fleet.jobs.PipelineRunRequest;
import io.examlops.fleet.jobs.Pipelines;
import io.examlops.fleet.jobs.QueueRequest;
import io.examlops.fleet.jobs.QueueResult;
import io.examlops.fleet.jobs.SchedulerRefusedException;
import io.examlops.fleet.jobs.Scripts;
import io.examlops.fleet.jobs.StoredQueueResult;
import io.examlops.fleet.jobs.SubmitRequest;
import io.examlops.fleet.jobs.SubmitResult;
import io.examlops.fleet.model.Actor;
import io.examlops.fleet.model.AuditEvent;
import io.examlops.fleet.model.ClusterCaps;
import io.examlops.fleet.model.ClusterDefinition;
import io.examlops.fleet.model.ClusterGovernance;
import io.examlops.fleet.model.ClusterName;
import io.examlops.fleet.model.ConnectionRules;
import io.examlops.fleet.model.ErrorKind;
import io.examlops.fleet.model.Fingerprints;
import io.examlops.fleet.model.FleetException;
import io.examlops.fleet.model.JobState;
import io.examlops.fleet.model.KeyMaterial;
import io.examlops.fleet.model.NodeSnapshot;
import io.examlops.fleet.model.QueueRead;
import io.examlops.fleet.model.RegisteredCluster;
import io.examlops.fleet.model.Schedulability;
import io.examlops.fleet.model.SchedulerKind;
import io.examlops.fleet.model.TrackedJob;
import io.examlops.fleet.model.access.ApiToken;
import io.examlops.fleet.model.access.ConsoleUser;
import io.examlops.fleet.model.access.InitialAdmin;
import io.examlops.fleet.model.access.IssuedToken;
import io.examlops.fleet.model.access.Role;
import io.examlops.fleet.model.access.TokenScope;
import io.examlops.fleet.model.capacity.FleetCapacity;
import io.examlops.fleet.model.placement.PlacementRequest;
import io.examlops.fleet.model.placement.PlacementResult;
import io.examlops.fleet.model.placement.Verdict;
import io.examlops.fleet.placement.FleetScheduling;
import io.examlops.fleet.placement.PlaceRequest;
import io.examlops.fleet.placement.PlaceResult;
import io.examlops.fleet.placement.PreflightReport;
import io.examlops.fleet.placement.PreflightRequest;
import io.examlops.fleet.placement.PreflightResult;
import io.examlops.fleet.registry.ClusterConnections;
import io.examlops.fleet.registry.ClusterEnvironment;
import io.examlops.fleet.registry.ClusterRegistry;
import io.examlops.fleet.registry.ClusterStore;
import io.examlops.fleet.registry.JobRecords;
import io.examlops.fleet.registry.JobStore;
import io.examlops.fleet.registry.RegistryException;
import io.examlops.fleet.remote.CentralStores;
import io.examlops.fleet.scheduler.NodeInventory;
import io.examlops.fleet.scheduler.SchedulerAdapter;
import io.examlops.fleet.scheduler.SchedulerAdapters;
import io.examlops.fleet.scheduler.SchedulerContext;
import io.examlops.fleet.scheduler.SchedulerProbe;
import io.examlops.fleet.scheduler.TimeLimits;
import io.examlops.fleet.settings.CentralServer;
import io.examlops.fleet.transport.CommandRunner;
import io.examlops.fleet.transport.Endpoint;
import io.examlops.fleet.transport.HostKeyPolicy;
import io.examlops.fleet.transport.KeyFingerprint;
import io.examlops.fleet.transport.TransportOptions;
import io.examlops.fleet.transport.UserHome;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The application API, and the only way in for every surface: the CLI, the web console, the MCP
 * server and the Jenkins steps hold no rule of their own. Each operation takes a request value and
 * returns a result value; operations that change something, or reach a cluster (which may record
 * what its host presented), take the {@link Actor} the audit trail records. Failures are {@link
 * FleetException}s with a kind and, where there is one, a hint. The environment is the one the
 * surface read at its edge and passed in; nothing below reads the process environment.
 */
public final class Fleet {
  private final Map<String, String> env;
  private final Clock clock;
  private final Discovery discovery;
  private final SchedulerAdapters adapters;
  private final CentralServer central;
  private ClusterRegistry registry;
  private CentralStores centralStores;

  /** The word that asks placement to choose the cluster. */
  public static final String AUTO = "auto";

  /**
   * @param env the environment the surface read at its edge: registry locations, SSH defaults, the
   *     key passphrase, the cost rate, the mock's GPUs
   * @throws FleetException when {@code EXAMLOPS_HPC_SCHEDULER} is set to something that is not a
   *     scheduler, naming the variable and the values it takes
   */
  public Fleet(Map<String, String> env, Clock clock) {
    this(env, clock, SchedulerAdapters.standard());
  }

  /**
   * A fleet with these schedulers ({@link SchedulerAdapters#standard()} and any added with {@link
   * SchedulerAdapters#with}): the one place a scheduler is plugged in.
   *
   * @throws FleetException when {@code EXAMLOPS_HPC_SCHEDULER} is set to something that is not a
   *     registered scheduler, naming the variable and the values it takes
   */
  public Fleet(Map<String, String> env, Clock clock, SchedulerAdapters adapters) {
    this(env, clock, adapters, null);
  }

  /**
   * A fleet in central mode: the registry and the job records are the console's at {@code central},
   * the SSH connections this machine's; the approval gate judges the console's records here. What
   * changes governance (registering, approving, rejecting, snapshots, console users) is refused: it
   * is done on the console.
   */
  public Fleet(Map<String, String> env, Clock clock, CentralServer central) {
    this(env, clock, SchedulerAdapters.standard(), central);
  }

  private Fleet(
      Map<String, String> env, Clock clock, SchedulerAdapters adapters, CentralServer central) {
    requireKnownScheduler(env.get(ClusterEnvironment.SCHEDULER), adapters.kinds());
    this.env = Map.copyOf(env);
    this.clock = clock;
    this.adapters = adapters;
    this.central = central;
    this.discovery = new Discovery(adapters.detectionProbes(context()), clock);
  }

  /** What the adapters take from this fleet: its environment, clock, state and tracked jobs. */
  private SchedulerContext context() {
    return new SchedulerContext(
        env,
        clock,
        () ->
            io.examlops.fleet.settings.RegistryLocations.from(env)
                .platformDb()
                .toAbsolutePath()
                .getParent(),
        this::gpusInUse);
  }

  /** The GPUs a cluster's unfinished tracked jobs hold. */
  private int gpusInUse(String cluster) {
    return jobRecords(null).list(new JobRecords.Filter(cluster, null, null)).stream()
        .filter(j -> !j.state().terminal() && j.gpus() != null)
        .mapToInt(TrackedJob::gpus)
        .sum();
  }

  /**
   * Lets the store's native library load from {@code cache} (extracted there once per version)
   * instead of being copied to the temporary directory by every process. Call before anything opens
   * the store, first thing in a surface's main method.
   */
  public static void useNativeLibraryCache(Path cache) {
    io.examlops.fleet.registry.SqliteNativeLibrary.useCacheUnder(cache);
  }

  /** {@code kinds}: the values {@code EXAMLOPS_HPC_SCHEDULER} may take. */
  private static void requireKnownScheduler(String value, List<SchedulerKind> kinds) {
    if (value == null || value.isBlank()) {
      return;
    }
    boolean known = kinds.stream().anyMatch(k -> k.label().equals(value.strip()));
    if (!known) {
      throw new FleetException(
          io.examlops.fleet.model.ErrorKind.INVALID_REQUEST,
          ClusterEnvironment.SCHEDULER
              + " is "
              + io.examlops.fleet.model.Printable.quoted(value)
              + ", which is not a scheduler: use one of "
              + String.join(", ", kinds.stream().map(SchedulerKind::label).toList())
              + " (a registered cluster's environment gives the right value), or unset it",
          io.examlops.fleet.model.Hint.of(io.examlops.fleet.model.Hint.Action.SHOW_ENVIRONMENT),
          null);
    }
  }

  // ---------------------------------------------------------------------------------------------
  // The operations every surface calls. Each takes a request value and returns a result value
  // that holds what the documented JSON shapes hold; every rule a request must follow is checked
  // here or in the request types, so each surface gets the same answer for the same input.
  // ---------------------------------------------------------------------------------------------

  /** Which scheduler a host runs, and the configuration to use it. Read-only; applies nothing. */
  public DetectResult detect(DetectRequest request) {
    return guarded(
        () -> {
          Endpoint endpoint = endpoint(request.target());
          Detection detection = discovery.detect(endpoint);
          Suggestion suggestion = Suggestion.of(detection, endpoint);
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
                  suggestedClustersYaml(detection, endpoint),
                  suggestion.exportLines()),
              detection.hostKeyFingerprint(),
              detection.notes(),
              detection.commandsRun(),
              detection.probes().stream()
                  .map(p -> new DetectResult.Probe(p.scheduler(), p.state().label(), p.reason()))
                  .toList());
        });
  }

  /**
   * The nodes of a host, or of a registered cluster through its own definition; saved as a snapshot
   * when asked (audited with {@code actor}).
   */
  public NodesResult nodes(Actor actor, NodesRequest request) {
    return guarded(
        () -> {
          String name = request.cluster();
          if (request.save() && name == null) {
            throw FleetException.invalid(
                "saving a snapshot needs the cluster it is of", "cluster", "save");
          }
          NodeInventory inventory;
          if (name == null) {
            inventory = discovery.nodes(endpoint(request.target()));
          } else {
            requireOwnHost(name, request.target());
            inventory = clusterNodes(actor, name);
          }
          NodeSnapshot snapshot =
              request.save() ? registry().saveSnapshot(name, inventory.nodes(), actor) : null;
          return new NodesResult(
              name,
              inventory.scheduler(),
              inventory.target(),
              inventory.takenAt(),
              snapshot == null ? null : snapshot.id(),
              inventory.nodes());
        });
  }

  /** A host given beside a cluster must be the cluster's own: its definition says where it is. */
  private void requireOwnHost(String name, HostTarget target) {
    if (target.host() == null) {
      return;
    }
    ClusterDefinition definition = connections().cluster(name).definition();
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

  /** The GPU devices of a host, as nvidia-smi reports them. */
  public GpusResult gpus(GpusRequest request) {
    return guarded(
        () -> {
          Endpoint endpoint = endpoint(request.target());
          return new GpusResult(endpoint.label(), discovery.gpus(endpoint));
        });
  }

  /**
   * Probes a host and registers it as PENDING, recording who asked. Registering an approved cluster
   * again refreshes its capabilities and never de-authorizes it; if what was approved changed, it
   * stops being schedulable until approved again.
   */
  public ConnectResult connect(Actor actor, ConnectRequest request) {
    return guarded(
        () -> {
          SchedulerKind declared = declaredScheduler(request.scheduler());
          HostTarget target = request.target();
          Endpoint endpoint =
              target.namesThisMachine() ? localEndpoint(target, "`local`") : endpoint(target);
          Connected connected = connect(endpoint, request.name(), declared, actor);
          ClusterSummary summary =
              ClusterSummary.of(
                  new ClusterStatus(
                      connected.cluster(), connections().schedulability(connected.cluster())));
          return new ConnectResult(
              summary, connected.reprobed(), registry().clustersFile().path().toString());
        });
  }

  private static SchedulerKind declaredScheduler(String scheduler) {
    if (scheduler == null) {
      return null;
    }
    try {
      return ConnectionRules.scheduler(scheduler);
    } catch (IllegalArgumentException e) {
      throw FleetException.invalid(e, "scheduler");
    }
  }

  /** Every registered cluster, in clusters.yaml order, with its verdict. Grants nothing. */
  public ClustersResult listClusters() {
    return guarded(() -> new ClustersResult(clusters().stream().map(ClusterSummary::of).toList()));
  }

  /** Approves a cluster as it is now, pinning its host, user, port, key and host key. */
  public ApproveResult approve(Actor actor, ApproveRequest request) {
    return guarded(
        () -> {
          // what the approval pins is what clusters.yaml names, never a credential that happens to
          // be in the approving admin's environment
          ClusterConnections connections = connections().withoutCredential();
          RegisteredCluster cluster = connections.cluster(request.cluster());
          RegisteredCluster approved =
              registry().approve(request.cluster(), connections.current(cluster), actor);
          ClusterGovernance g = approved.governance();
          return new ApproveResult(
              approved.name(), approved.state(), g.decidedBy(), g.decidedAt(), g.pinned());
        });
  }

  /** Rejects (or revokes) a cluster; a reason is required. */
  public RejectResult reject(Actor actor, RejectRequest request) {
    return guarded(
        () -> {
          requireReason(request);
          connections().cluster(request.cluster());
          RegisteredCluster rejected =
              registry().reject(request.cluster(), request.reason(), actor);
          ClusterGovernance g = rejected.governance();
          return new RejectResult(
              rejected.name(), rejected.state(), g.decidedBy(), g.decidedAt(), g.reason());
        });
  }

  /** The longest rejection reason: it is shown in tables and stored in the audit trail. */
  public static final int MAX_REASON_LENGTH = 500;

  private static void requireReason(RejectRequest request) {
    String reason = request.reason() == null ? "" : request.reason().strip();
    if (reason.isEmpty()) {
      throw FleetException.invalid(
          "a reason is required to reject cluster '"
              + request.cluster()
              + "', e.g. \"wrong account\"",
          "reason");
    }
    if (reason.length() > MAX_REASON_LENGTH || reason.chars().anyMatch(Character::isISOControl)) {
      throw FleetException.invalid(
          "the reason "
              + io.examlops.fleet.model.Printable.quoted(
                  reason.substring(0, Math.min(40, reason.length())))
              + " is not accepted: use one line (no newline or control character) of at most "
              + MAX_REASON_LENGTH
              + " characters",
          "reason");
    }
  }

  /** The {@code EXAMLOPS_HPC_*} environment of a schedulable ACTIVE cluster; refused otherwise. */
  public EnvResult environment(EnvRequest request) {
    return guarded(
        () -> {
          Map<String, String> environment = environment(request.cluster());
          return new EnvResult(environment, ClusterEnvironment.exportScript(environment));
        });
  }

  /** The audit trail, of one cluster or of all, oldest first. */
  public AuditResult audit(AuditRequest request) {
    return guarded(
        () ->
            new AuditResult(
                audit(request.cluster()).stream().map(ClusterSummary.Audit::of).toList()));
  }

  /**
   * Chooses the ACTIVE cluster with the most usable idle capacity for a job, from the stored
   * snapshots (else the declared capabilities), and says why every other cluster lost.
   */
  public PlaceResult place(PlaceRequest request) {
    return guarded(
        () -> {
          requireAsk(request.gpus(), request.nodes());
          return PlaceResult.of(scheduling().place(placement(request)));
        });
  }

  // --- For the MCP server (issue 12): a cluster's latest snapshot; placement inside one cluster.

  /**
   * A registered cluster's nodes as its latest saved snapshot holds them (a snapshot does not
   * record where it was read: {@code target} is {@code null}); empty when none was saved.
   */
  public java.util.Optional<NodesResult> latestNodes(String cluster) {
    return guarded(
        () -> {
          ClusterConnections connections = connections();
          SchedulerKind scheduler = schedulerOf(connections.cluster(cluster));
          return connections
              .registry()
              .latestSnapshot(cluster)
              .map(s -> new NodesResult(cluster, scheduler, null, s.takenAt(), s.id(), s.nodes()));
        });
  }

  /**
   * Placement inside one cluster: the partition a job should go to there, by the same rule and data
   * as {@link #place}; refused unless the cluster may take work now.
   */
  public PlaceResult placeIn(String cluster, PlaceRequest request) {
    return guarded(
        () -> {
          requireAsk(request.gpus(), request.nodes());
          connections().requireSchedulable(cluster);
          return PlaceResult.of(scheduling().placeIn(cluster, placement(request)));
        });
  }

  // --- End of the MCP server's block.

  /** The scheduler a cluster runs: as clusters.yaml says, else as its approval record keeps it. */
  private static SchedulerKind schedulerOf(RegisteredCluster cluster) {
    return cluster.definition() != null
        ? cluster.definition().scheduler()
        : cluster.governance().scheduler();
  }

  /** What placement and preflight are asked: some GPUs (or none), on some nodes. */
  private static void requireAsk(int gpus, Integer nodes) {
    if (gpus < 0) {
      throw FleetException.invalid("GPUs must be 0 (a CPU-only job) or more, got " + gpus, "gpus");
    }
    if (nodes != null && nodes < 1) {
      throw FleetException.invalid("nodes must be at least 1, got " + nodes, "nodes");
    }
  }

  private static PlacementRequest placement(PlaceRequest request) {
    return new PlacementRequest(
        request.gpus(), request.nodes(), request.gpuType(), request.partition());
  }

  /**
   * Snapshots the nodes of every schedulable cluster (the mock is always live), audited with {@code
   * actor}; says what could not be refreshed.
   */
  public RefreshResult refreshSnapshots(Actor actor) {
    return guarded(() -> new RefreshResult(snapshotAll(actor)));
  }

  /** A registered cluster's live queue, all users. Read-only: allowed in any state. */
  public QueueResult queue(Actor actor, QueueRequest request) {
    return guarded(() -> new QueueResult(request.cluster(), jobs(actor).queue(request.cluster())));
  }

  /** Fail-fast checks of a cluster before submitting; reaches it over its own transport. */
  public PreflightResult preflight(Actor actor, PreflightRequest request) {
    return guarded(
        () -> {
          requireAsk(request.gpus(), request.nodes());
          var ask =
              new io.examlops.fleet.scheduler.PreflightAsk(
                  request.gpus(),
                  request.nodes(),
                  request.partition(),
                  request.account(),
                  timeLimit(request.time()));
          PreflightReport report = scheduling().preflight(request.cluster(), ask, actor);
          return new PreflightResult(
              report.cluster(),
              report.overall().name(),
              report.checks().stream()
                  .map(
                      c ->
                          new PreflightResult.Check(c.name().name(), c.status().name(), c.reason()))
                  .toList());
        });
  }

  /** A wall-time limit in Slurm's forms or with a unit; {@code null} when none is given. */
  private static Duration timeLimit(String time) {
    if (time == null) {
      return null;
    }
    try {
      return TimeLimits.parse(time);
    } catch (IllegalArgumentException e) {
      throw FleetException.invalid(e, "time");
    }
  }

  /**
   * Submits a batch script to a named cluster, or with {@link #AUTO} to the one placement chooses,
   * and tracks it. A request that names no partition goes to the partition placement picks inside
   * the cluster; an explicit partition wins, and a CPU-only job goes to the scheduler's default.
   * The approval gate holds either way.
   */
  public SubmitResult submit(Actor actor, SubmitRequest request) {
    return guarded(
        () -> {
          if (request.gpus() < 0) {
            throw FleetException.invalid(
                "GPUs must be 0 (a CPU-only job) or a positive whole number; got " + request.gpus(),
                "gpus");
          }
          Scripts.Script script = Scripts.read(request.script());
          String name = request.name() != null ? request.name() : script.jobName();
          var job =
              new io.examlops.fleet.scheduler.JobSpec(
                  script.text(),
                  name,
                  request.gpus(),
                  request.nodes(),
                  request.partition(),
                  timeLimit(request.time()),
                  request.account(),
                  request.environment());
          return submitted(
              actor, submit(request.cluster(), job, null, null, false, actor, request.tag()));
        });
  }

  /**
   * Submits a training job for a model and dataset through the same gate, submission and tracking
   * as {@link #submit}, with the model, dataset, GPU count and the chosen cluster's {@code
   * EXAMLOPS_HPC_*} environment exported in the job.
   */
  public SubmitResult runPipeline(Actor actor, PipelineRunRequest request) {
    return guarded(
        () -> {
          Pipelines.require("model", request.model());
          Pipelines.require("dataset", request.dataset());
          String text =
              request.script() == null
                  ? Pipelines.builtInScript()
                  : Scripts.read(request.script()).text();
          Map<String, String> environment = new LinkedHashMap<>(request.environment());
          environment.put(Pipelines.MODEL_VARIABLE, request.model());
          environment.put(Pipelines.DATASET_VARIABLE, request.dataset());
          environment.put(Pipelines.GPUS_VARIABLE, Integer.toString(request.gpus()));
          var job =
              new io.examlops.fleet.scheduler.JobSpec(
                  text,
                  "train-" + request.model(),
                  request.gpus(),
                  request.nodes(),
                  request.partition(),
                  timeLimit(request.time()),
                  request.account(),
                  environment);
          return submitted(
              actor,
              submit(
                  request.cluster(),
                  job,
                  request.model(),
                  request.dataset(),
                  true,
                  actor,
                  request.tag()));
        });
  }

  private SubmitResult submitted(Actor actor, Submitted submitted) {
    TrackedJob job = submitted.job();
    return new SubmitResult(
        job,
        submitted.placement() == null ? null : PlaceResult.of(submitted.placement()),
        jobOutput(actor, job),
        submitted.reattached());
  }

  /**
   * Follows a tracked job until it ends, is lost, or the request's limit passes; returns what was
   * last seen. Always returns: each look is bounded by the transport's timeouts.
   *
   * @throws InterruptedException when the caller's thread is interrupted while waiting
   */
  public FollowResult follow(Actor actor, FollowRequest request) throws InterruptedException {
    try {
      JobTracker jobs = jobs(actor);
      TrackedJob job =
          jobs.await(
              jobs.find(request.job()),
              Duration.ofSeconds(request.timeoutSeconds()),
              FOLLOW_INTERVAL);
      return new FollowResult(job, job.state().terminal(), jobOutput(actor, job));
    } catch (IllegalArgumentException e) {
      throw FleetException.invalid(e);
    }
  }

  /** How often a followed job is asked about. */
  private static final Duration FOLLOW_INTERVAL = Duration.ofSeconds(2);

  /** Tracked jobs matching the request, after asking the schedulers about unfinished ones. */
  public JobsResult listJobs(Actor actor, JobsRequest request) {
    return guarded(
        () -> {
          JobState state = request.state() == null ? null : jobState(request.state());
          JobTracker.Listing listing =
              jobs(actor)
                  .list(
                      new JobRecords.Filter(request.cluster(), request.model(), state),
                      request.refresh());
          return new JobsResult(listing.jobs(), listing.notes());
        });
  }

  private static JobState jobState(String text) {
    try {
      return JobState.valueOf(text.trim().toUpperCase(java.util.Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw FleetException.invalid(
          io.examlops.fleet.model.Printable.quoted(text)
              + " is not a job state; use one of submitted, pending, running, completing,"
              + " completed, failed, cancelled, timeout, suspended, unknown",
          "state");
    }
  }

  /** Cancels a tracked job through its cluster's scheduler, then records where it stands. */
  public CancelResult cancel(Actor actor, CancelRequest request) {
    return guarded(
        () -> {
          JobTracker.Cancelled cancelled = jobs(actor).cancel(request.job());
          return new CancelResult(
              cancelled.result().outcome(), cancelled.result().message(), cancelled.job());
        });
  }

  /**
   * GPUs, utilization, GPU-hours and cost of every ACTIVE cluster, after following unfinished jobs
   * (whose new states are stored). The cost rate comes from the environment the fleet was built
   * with.
   */
  public FleetCapacity capacity(Actor actor) {
    return guarded(
        () -> {
          // A bad rate is refused before the jobs are followed (which may write their new states).
          CostRate.fromEnvironment(env);
          jobs(actor).list(JobRecords.Filter.ALL, true);
          return scheduling().capacity(env);
        });
  }

  /**
   * Runs an operation, turning a rule a part of the core enforces with {@link
   * IllegalArgumentException} into the API's {@link FleetException} of kind {@link
   * io.examlops.fleet.model.ErrorKind#INVALID_REQUEST}.
   */
  private static <T> T guarded(Supplier<T> operation) {
    try {
      return operation.get();
    } catch (IllegalArgumentException e) {
      throw FleetException.invalid(e);
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Internals: how the operations reach the registry, the clusters and the schedulers.
  // ---------------------------------------------------------------------------------------------

  /**
   * This machine's registry, opened on first use (operations that only discover never touch it). In
   * central mode there is none to change: what needs it changes governance, which the console does.
   */
  private synchronized ClusterRegistry registry() {
    if (central != null) {
      throw new FleetException(
          ErrorKind.CONFLICT,
          "this exa uses the central fleet at "
              + central
              + " ("
              + CentralServer.SERVER_VARIABLE
              + "), which registers, approves and rejects clusters, takes snapshots, keeps the"
              + " audit trail and the console's users: do this on the console at "
              + central
              + ", or unset "
              + CentralServer.SERVER_VARIABLE
              + " to use this machine's own registry");
    }
    if (registry == null) {
      registry = ClusterRegistry.open(env, clock);
    }
    return registry;
  }

  /** The clusters connections and the gate read: this machine's, or the central console's. */
  private ClusterStore clusterStore() {
    return central == null ? registry() : central().clusters();
  }

  private synchronized CentralStores central() {
    if (centralStores == null) {
      centralStores = new CentralStores(central.url(), central.token());
    }
    return centralStores;
  }

  private ClusterConnections connections() {
    return new ClusterConnections(
        clusterStore(),
        TransportOptions.DEFAULTS,
        Endpoint.knownHosts(env, UserHome.of(env)),
        io.examlops.fleet.transport.ClientEnvironment.of(env),
        adapters,
        io.examlops.fleet.registry.ClientCredential.from(env));
  }

  private static final int DEFAULT_CONNECT_TIMEOUT_SECONDS = 10;
  private static final int DEFAULT_COMMAND_TIMEOUT_SECONDS = 60;

  /**
   * Where a target is: the host it names (or the environment's), else this machine, where SSH
   * settings would be silently ignored and are refused.
   */
  private Endpoint endpoint(HostTarget target) {
    HostKeyPolicy.Mode mode = hostKeyMode(target);
    Path keyPath = target.keyPath() == null ? null : keyPath(target.keyPath());
    Path knownHosts = target.knownHostsFile() == null ? null : Path.of(target.knownHostsFile());
    Endpoint endpoint =
        Endpoint.resolve(
            target.host(),
            target.port(),
            target.user(),
            keyPath,
            knownHosts,
            mode,
            target.hostKeyFingerprint(),
            env,
            transportOptions(target));
    if (endpoint.isLocal()) {
      refuseSshSettings(
          target, "no host was given and " + Endpoint.HOST_VARIABLE + " is unset, so this machine");
    }
    return endpoint;
  }

  private static Path keyPath(String text) {
    try {
      return Path.of(KeyMaterial.requireKeyPath(text, "the SSH key path"));
    } catch (IllegalArgumentException e) {
      throw FleetException.invalid(e, "keyPath");
    }
  }

  /** This machine, for a target that names it; SSH settings are refused. */
  private Endpoint localEndpoint(HostTarget target, String named) {
    refuseSshSettings(target, named);
    return Endpoint.local(transportOptions(target));
  }

  private static HostKeyPolicy.Mode hostKeyMode(HostTarget target) {
    List<String> chosen = new ArrayList<>();
    addIf(chosen, target.acceptNewHostKey(), "acceptNewHostKey");
    addIf(chosen, target.hostKeyFingerprint() != null, "hostKeyFingerprint");
    addIf(chosen, target.noHostKeyCheck(), "noHostKeyCheck");
    if (chosen.size() > 1) {
      throw FleetException.invalid(
          "choose at most one of accepting a new host key, a pinned host-key fingerprint and no"
              + " host-key check",
          chosen.toArray(String[]::new));
    }
    return target.acceptNewHostKey()
        ? HostKeyPolicy.Mode.ACCEPT_NEW
        : target.hostKeyFingerprint() != null
            ? HostKeyPolicy.Mode.PINNED
            : target.noHostKeyCheck() ? HostKeyPolicy.Mode.NONE : HostKeyPolicy.Mode.STRICT;
  }

  private static void refuseSshSettings(HostTarget target, String where) {
    List<String> given = new ArrayList<>();
    addIf(given, target.user() != null, "user");
    addIf(given, target.keyPath() != null, "keyPath");
    addIf(given, target.port() != null, "port");
    addIf(given, target.knownHostsFile() != null, "knownHostsFile");
    addIf(given, target.acceptNewHostKey(), "acceptNewHostKey");
    addIf(given, target.hostKeyFingerprint() != null, "hostKeyFingerprint");
    addIf(given, target.noHostKeyCheck(), "noHostKeyCheck");
    addIf(given, target.connectTimeoutSeconds() != null, "connectTimeoutSeconds");
    if (!given.isEmpty()) {
      throw FleetException.invalid(
          (given.size() == 1 ? "this setting applies" : "these settings apply")
              + " to SSH only, but "
              + where
              + " is reached without SSH: drop "
              + (given.size() == 1 ? "it" : "them")
              + ", or name the HOST to reach over SSH",
          given.toArray(String[]::new));
    }
  }

  private static void addIf(List<String> given, boolean condition, String field) {
    if (condition) {
      given.add(field);
    }
  }

  private static TransportOptions transportOptions(HostTarget target) {
    Integer connect = target.connectTimeoutSeconds();
    Integer command = target.commandTimeoutSeconds();
    if (connect != null && connect < 1) {
      throw FleetException.invalid(
          "the connect timeout must be at least 1 second, got " + connect, "connectTimeoutSeconds");
    }
    if (command != null && command < 1) {
      throw FleetException.invalid(
          "the command timeout must be at least 1 second, got " + command, "commandTimeoutSeconds");
    }
    return new TransportOptions(
        Duration.ofSeconds(connect == null ? DEFAULT_CONNECT_TIMEOUT_SECONDS : connect),
        Duration.ofSeconds(command == null ? DEFAULT_COMMAND_TIMEOUT_SECONDS : command),
        TransportOptions.DEFAULTS.maxOutputBytes());
  }

  /**
   * The clusters.yaml entry detection suggests for what it found (the mock backend when nothing
   * answered), named after the host. Applies nothing.
   */
  static String suggestedClustersYaml(Detection detection, Endpoint endpoint) {
    SchedulerKind scheduler = detection.found() ? detection.scheduler() : SchedulerKind.MOCK;
    if (!scheduler.runsJobs()) {
      return null;
    }
    ClusterDefinition definition =
        endpoint.isLocal() || !detection.found()
            ? ClusterDefinition.local(
                endpoint.isLocal() ? "local" : suggestedName(endpoint), scheduler)
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

  /** What {@link #connect(Endpoint, String, SchedulerKind, String)} did. */
  private record Connected(RegisteredCluster cluster, boolean reprobed) {}

  /**
   * Probes a host and registers it as PENDING under {@code name}, recording who asked.
   *
   * @param declared the scheduler the user declares, or {@code null} to take what detection finds
   */
  private Connected connect(Endpoint endpoint, String name, SchedulerKind declared, Actor actor) {
    ClusterName.require(name);
    boolean reprobed = registry().find(name).isPresent();
    if (declared != null && !adapters.of(declared).detectable()) {
      if (!endpoint.isLocal()) {
        throw FleetException.invalid(
            "the "
                + declared.label()
                + " backend runs jobs on this machine: connect it as"
                + " 'local', not "
                + endpoint.label(),
            "scheduler");
      }
      ClusterCaps caps = declaredCaps(declared, endpoint);
      RegisteredCluster cluster =
          registry()
              .register(ClusterDefinition.local(name, declared), Fingerprints.NONE, caps, actor);
      return new Connected(cluster, reprobed);
    }
    Detection detection = discovery.detect(endpoint);
    SchedulerKind found = detection.scheduler();
    if (detection.outcome() == Detection.Outcome.NOT_ANSWERING) {
      throw new io.examlops.fleet.scheduler.ProbeException(
          "a scheduler is installed on "
              + endpoint.label()
              + " but does not answer ("
              + String.join("; ", detection.notes())
              + "); nothing was registered: connect again"
              + " once it answers");
    }
    if (!detection.found()) {
      throw new FleetException(
          io.examlops.fleet.model.ErrorKind.CONFLICT,
          "no scheduler answers on "
              + endpoint.label()
              + " ("
              + String.join("; ", detection.notes())
              + "); nothing was registered. To try HPC Fleet without a"
              + " cluster, register the mock backend",
          io.examlops.fleet.model.Hint.of(io.examlops.fleet.model.Hint.Action.CONNECT_MOCK, name),
          null);
    }
    SchedulerAdapter adapter = adapters.of(found);
    if (!found.runsJobs()) {
      throw new RegistryException(
          adapter.whyNotRegistrable(endpoint.label()) + "; nothing was registered");
    }
    if (declared != null && declared != found) {
      throw new FleetException(
          io.examlops.fleet.model.ErrorKind.CONFLICT,
          "the scheduler "
              + declared.label()
              + " was declared but "
              + endpoint.label()
              + " runs "
              + found.label()
              + "; nothing was registered",
          null,
          null);
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
    definition = adapter.registering(definition, endpoint);
    Fingerprints seen =
        endpoint.isLocal()
            ? Fingerprints.NONE
            : new Fingerprints(
                KeyFingerprint.of(endpoint.ssh().key(), env::get), detection.hostKeyFingerprint());
    RegisteredCluster cluster = registry().register(definition, seen, detection.caps(), actor);
    return new Connected(cluster, reprobed);
  }

  /** What a declared-only scheduler (the mock) says of itself on this machine. */
  private ClusterCaps declaredCaps(SchedulerKind declared, Endpoint endpoint) {
    try (CommandRunner runner = endpoint.open()) {
      return probeFor(declared).capabilities(runner);
    }
  }

  private List<ClusterStatus> clusters() {
    ClusterConnections connections = connections();
    return connections.registry().list().stream()
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

  private Map<String, String> environment(String name) {
    ClusterConnections connections = connections();
    RegisteredCluster cluster = connections.requireSchedulable(name);
    return connections.registry().environment(name, connections.current(cluster));
  }

  /** Reads a registered cluster's nodes through its own connection definition. */
  private NodeInventory clusterNodes(Actor actor, String name) {
    ClusterConnections connections = connections();
    RegisteredCluster cluster = connections.cluster(name);
    SchedulerAdapter adapter = adapters.of(cluster.definition().scheduler());
    if (adapter.readsLive()) {
      return adapter.liveInventory(cluster, context());
    }
    SchedulerProbe probe = probeFor(cluster.definition().scheduler());
    return connections.withRunner(
        cluster,
        actor,
        runner ->
            new NodeInventory(
                probe.kind(), runner.target(), clock.instant(), probe.listNodes(runner)));
  }

  private List<AuditEvent> audit(String cluster) {
    if (cluster == null) {
      return registry().auditTrail();
    }
    connections().cluster(cluster);
    return registry().auditTrail(cluster);
  }

  /** Submission and tracking of jobs on approved clusters, on behalf of {@code actor}. */
  private JobTracker jobs(Actor actor) {
    return new JobTracker(connections(), jobRecords(actor), adapters, context(), actor);
  }

  /** Where a tracked job's output goes: a path on its cluster, or here for the mock backend. */
  private String jobOutput(Actor actor, TrackedJob job) {
    RegisteredCluster cluster = connections().cluster(job.cluster());
    return jobs(actor).backend(cluster.definition().scheduler()).outputFile(job.schedulerJobId());
  }

  // --- Jenkins surface (issue 11): job output, re-attach by tag ---------------------------------

  /**
   * Passes a tracked job's output (by fleet id or scheduler id) to {@code sink}: what is there now,
   * or with {@link LogsRequest#follow()} what is written until the job ends, the request's limit
   * passes, or the thread is interrupted. Read-only: allowed for a job on any registered cluster.
   */
  public LogsResult logs(
      Actor actor, LogsRequest request, java.util.function.Consumer<String> sink) {
    return guarded(
        () -> {
          JobTracker service = jobs(actor);
          TrackedJob job = service.find(request.job());
          if (job.schedulerJobId() == null) {
            throw new FleetException(
                io.examlops.fleet.model.ErrorKind.CONFLICT,
                "job "
                    + job.id()
                    + " on "
                    + job.cluster()
                    + " has no scheduler id: it was never"
                    + " confirmed as submitted, so it has no output to read");
          }
          var read =
              new io.examlops.fleet.jobs.JobLogs(connections(), service, actor)
                  .read(
                      job,
                      request.follow(),
                      Duration.ofSeconds(request.timeoutSeconds()),
                      FOLLOW_INTERVAL,
                      sink);
          return new LogsResult(read.job(), read.outputFile(), read.found(), read.followed());
        });
  }

  // --- end of the Jenkins surface's block ------------------------------------------------------

  // --- Central mode, the console's side (issue 11): what agents read and record -----------------

  /**
   * Every registered cluster as both sources hold it, with its approval record and pin: an agent in
   * central mode judges them with the same approval gate.
   */
  public List<RegisteredCluster> registeredClusters() {
    return guarded(() -> registry().list());
  }

  /** A tracked job by its fleet id, as recorded; empty when there is none. */
  public Optional<TrackedJob> recordedJob(long id) {
    return guarded(() -> jobStore().find(id));
  }

  /** The newest submission recorded with this tag, as recorded; empty when there is none. */
  public Optional<TrackedJob> taggedJob(String tag) {
    return guarded(
        () -> jobStore().latestTagged(io.examlops.fleet.jobs.TaggedJobs.require(tag.strip())));
  }

  /**
   * Records an agent's submission before the agent sends it to the scheduler, as submitted by
   * {@code actor} now; refused unless the cluster is ACTIVE.
   *
   * @param job the submission: what it asks for is taken, who and when are the console's
   */
  public TrackedJob recordSubmission(Actor actor, TrackedJob job, String tag) {
    return guarded(
        () -> {
          connections().cluster(job.cluster());
          return jobStore()
              .begin(
                  TrackedJob.submitting(
                      job.cluster(),
                      job.name(),
                      job.model(),
                      job.dataset(),
                      job.gpus(),
                      job.nodes(),
                      job.partition(),
                      actor.name(),
                      clock.instant()),
                  io.examlops.fleet.jobs.TaggedJobs.require(tag));
        });
  }

  /** Completes a recorded submission with the id its scheduler gave, audited as {@code actor}'s. */
  public TrackedJob recordSubmitted(Actor actor, long id, String schedulerJobId) {
    return guarded(
        () -> {
          if (!schedulerJobId.matches("[A-Za-z0-9._:+-]{1,100}")) {
            throw FleetException.invalid(
                "the scheduler's job id "
                    + io.examlops.fleet.model.Printable.quoted(schedulerJobId)
                    + " is not one: 1 to 100 letters, digits or . _ : + -",
                "schedulerJobId");
          }
          return jobStore().complete(unconfirmed(id), schedulerJobId, actor);
        });
  }

  /** Removes the record of a submission that never reached its scheduler. */
  public void discardSubmission(long id) {
    guarded(
        () -> {
          jobStore().discard(unconfirmed(id));
          return null;
        });
  }

  /** A recorded submission its scheduler has not confirmed yet; refused otherwise. */
  private TrackedJob unconfirmed(long id) {
    TrackedJob job =
        jobStore()
            .find(id)
            .orElseThrow(() -> new io.examlops.fleet.jobs.UnknownJobException(Long.toString(id)));
    if (job.state() != JobState.SUBMITTING) {
      throw new FleetException(
          ErrorKind.CONFLICT,
          "job "
              + id
              + " on "
              + job.cluster()
              + " is "
              + job.state().label()
              + " (scheduler id "
              + job.schedulerJobId()
              + "): only a submission its scheduler has not confirmed is completed or discarded");
    }
    return job;
  }

  /**
   * Stores what an agent observed of a job it follows: its state, times, GPU-hours and exit code.
   * The job's cluster and scheduler id are its record's; a job not yet confirmed is refused.
   */
  public TrackedJob recordObserved(Actor actor, TrackedJob observed) {
    return guarded(
        () -> {
          TrackedJob recorded =
              jobStore()
                  .find(observed.id())
                  .orElseThrow(
                      () ->
                          new io.examlops.fleet.jobs.UnknownJobException(
                              Long.toString(observed.id())));
          if (!recorded.cluster().equals(observed.cluster())
              || recorded.schedulerJobId() == null
              || !recorded.schedulerJobId().equals(observed.schedulerJobId())) {
            throw new FleetException(
                ErrorKind.CONFLICT,
                "job "
                    + observed.id()
                    + " is recorded as "
                    + recorded.cluster()
                    + " "
                    + recorded.schedulerJobId()
                    + ", not "
                    + observed.cluster()
                    + " "
                    + observed.schedulerJobId()
                    + ": nothing was changed");
          }
          return jobStore().update(observed);
        });
  }

  // --- end of central mode's block ---------------------------------------------------------------

  /** Placement, preflight and capacity. */
  private FleetScheduling scheduling() {
    return new FleetScheduling(connections(), jobRecords(null), adapters, context());
  }

  /**
   * The tracked jobs: platform.db's, or in central mode the console's, where each change is
   * recorded through {@code actor}'s surface ({@code null} for reads).
   */
  private JobRecords jobRecords(Actor actor) {
    return central == null ? jobStore() : central().jobs(actor == null ? READER : actor);
  }

  private JobStore jobStore() {
    return new JobStore(registry().platformDb());
  }

  /** Who reads in central mode: reads are not audited, so no one in particular. */
  private static final Actor READER = Actor.cli("reader");

  /** Snapshots every schedulable cluster's nodes; returns what could not be refreshed. */
  private List<String> snapshotAll(Actor actor) {
    List<String> notes = new ArrayList<>();
    for (String name : snapshotTargets()) {
      try {
        registry().saveSnapshot(name, clusterNodes(actor, name).nodes(), actor);
      } catch (RuntimeException e) {
        notes.add("could not refresh " + name + ": " + e.getMessage());
      }
    }
    return notes;
  }

  /**
   * The clusters a refresh snapshots: schedulable ones whose nodes are read from snapshots (an
   * adapter that reads its nodes live, like the mock backend, needs none).
   */
  public List<String> snapshotTargets() {
    return guarded(
        () ->
            clusters().stream()
                .filter(s -> s.schedulability().schedulable())
                .map(ClusterStatus::cluster)
                .filter(c -> c.definition() != null)
                .filter(c -> !adapters.of(c.definition().scheduler()).readsLive())
                .map(RegisteredCluster::name)
                .toList());
  }

  /** A submission and the placement that chose its partition (and cluster, for {@link #AUTO}). */
  private record Submitted(TrackedJob job, PlacementResult placement, boolean reattached) {}

  private Submitted submit(
      String cluster,
      io.examlops.fleet.scheduler.JobSpec request,
      String model,
      String dataset,
      boolean withClusterEnvironment,
      Actor actor,
      String tag) {
    if (tag != null) {
      java.util.Optional<TrackedJob> running =
          new io.examlops.fleet.jobs.TaggedJobs(jobs(actor)).unfinished(tag);
      if (running.isPresent()) {
        return new Submitted(running.get(), null, true);
      }
    }
    if (cluster == null || cluster.isBlank()) {
      throw FleetException.invalid("no cluster given: name a cluster, or " + AUTO, "cluster");
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
        placement == null ? null : placement.chosen().map(Verdict::partition).orElse(null);
    var placed =
        request.partition() != null || partition == null ? request : request.inPartition(partition);
    var sent = withClusterEnvironment ? withEnvironmentOf(target, placed) : placed;
    return new Submitted(jobs(actor).submit(target, sent, model, dataset, tag), placement, false);
  }

  /** The request with the cluster's EXAMLOPS_HPC_* variables added to what the job exports. */
  private io.examlops.fleet.scheduler.JobSpec withEnvironmentOf(
      String cluster, io.examlops.fleet.scheduler.JobSpec request) {
    Map<String, String> exported = new java.util.TreeMap<>(request.environment());
    environment(cluster)
        .forEach(
            (k, v) -> {
              if (v != null) {
                exported.put(k, v);
              }
            });
    return request.withEnvironment(exported);
  }

  /** The probe for a declared scheduler. */
  private SchedulerProbe probeFor(SchedulerKind scheduler) {
    return adapters
        .find(scheduler)
        .orElseThrow(() -> new RegistryException("no probe is registered for " + scheduler.label()))
        .probe(context());
  }

  // ==== Console: users, roles, API tokens (io.examlops.fleet.access); stored views ===========
  // Core data: the console signs users in with them, Jenkins' central mode sends the tokens.
  // The stored views let a surface show the fleet without asking any scheduler.

  private io.examlops.fleet.access.AccessStore access() {
    return new io.examlops.fleet.access.AccessStore(registry().platformDb(), clock);
  }

  public List<ConsoleUser> users() {
    return accessGuarded(() -> access().users());
  }

  public Optional<ConsoleUser> user(String name) {
    return accessGuarded(() -> access().user(name));
  }

  public ConsoleUser addUser(Actor actor, String name, Role role, char[] password) {
    return accessGuarded(() -> access().addUser(name, role, password, actor));
  }

  /** Removes a user and revokes its tokens; the last admin stays. */
  public void removeUser(Actor actor, String name) {
    accessGuarded(
        () -> {
          access().removeUser(name, actor);
          return null;
        });
  }

  /** Sets a user's password; the first admin's one-time password file goes once it is changed. */
  public void setPassword(Actor actor, String name, char[] password) {
    accessGuarded(
        () -> {
          access().setPassword(name, password, actor);
          if ("admin".equals(name)) {
            io.examlops.fleet.access.InitialAdminFile.remove(initialAdminFile());
          }
          return null;
        });
  }

  /** The user a name and password sign in as; empty when either is wrong. */
  public Optional<ConsoleUser> authenticate(String name, char[] password) {
    return accessGuarded(() -> access().authenticate(name, password));
  }

  /**
   * With no user at all, creates {@code admin} with a random one-time password written to an
   * owner-only file beside platform.db; empty when users exist.
   */
  public Optional<InitialAdmin> createFirstAdmin(Actor actor) {
    return accessGuarded(
        () -> {
          Path file = initialAdminFile();
          boolean created =
              access()
                  .createFirstAdmin(
                      actor,
                      password -> io.examlops.fleet.access.InitialAdminFile.write(file, password));
          return created
              ? Optional.of(new InitialAdmin("admin", file.toString()))
              : Optional.<InitialAdmin>empty();
        });
  }

  private Path initialAdminFile() {
    return io.examlops.fleet.access.InitialAdminFile.beside(registry().platformDb().file());
  }

  /** A new API token; its secret is in the result only. */
  public IssuedToken createToken(
      Actor actor, String owner, String name, java.util.Set<TokenScope> scopes) {
    return accessGuarded(() -> access().createToken(owner, name, scopes, actor));
  }

  public List<ApiToken> tokens() {
    return accessGuarded(() -> access().tokens());
  }

  public ApiToken revokeToken(Actor actor, String id) {
    return accessGuarded(() -> access().revokeToken(id, actor));
  }

  /** The live token a secret belongs to, its use recorded; empty when unknown or revoked. */
  public Optional<ApiToken> authenticateToken(String secret) {
    return accessGuarded(() -> access().authenticateToken(secret));
  }

  /** Access's refusals in the API's kinds: not there, or clashing with what is there. */
  private static <T> T accessGuarded(Supplier<T> operation) {
    try {
      return guarded(operation);
    } catch (io.examlops.fleet.access.AccessException e) {
      throw new FleetException(
          e.problem() == io.examlops.fleet.access.AccessException.Problem.NOT_FOUND
              ? ErrorKind.INVALID_REQUEST
              : ErrorKind.CONFLICT,
          e.getMessage());
    }
  }

  /**
   * A value that changes with clusters.yaml and with every change the audit trail records
   * (registration, decision, snapshot, user or token): a surface tells cheaply whether what it
   * shows is stale.
   */
  public String storesVersion() {
    return guarded(
        () -> {
          Path yaml = registry().clustersFile().path();
          String file;
          try {
            var a =
                java.nio.file.Files.readAttributes(
                    yaml, java.nio.file.attribute.BasicFileAttributes.class);
            file = a.size() + "@" + a.lastModifiedTime();
          } catch (java.io.IOException e) {
            file = "absent";
          }
          return file
              + "/"
              + registry().platformDb().read(io.examlops.fleet.registry.AuditTrail::latestId);
        });
  }

  /**
   * Takes a snapshot of a cluster's nodes with its queue beside it, and records the GPUs it found
   * in use, for the utilization history (the console's refresher calls it). A queue that cannot be
   * read does not stop the snapshot: why is recorded in its place.
   */
  public NodeSnapshot refreshSnapshot(Actor actor, String name) {
    return guarded(
        () -> {
          List<io.examlops.fleet.model.NodeInfo> nodes = clusterNodes(actor, name).nodes();
          NodeSnapshot snapshot =
              registry().saveSnapshot(name, nodes, queueNow(actor, name), actor);
          new io.examlops.fleet.registry.UtilizationHistory(registry().platformDb())
              .record(snapshot);
          return snapshot;
        });
  }

  private QueueRead queueNow(Actor actor, String name) {
    try {
      return QueueRead.of(jobs(actor).queue(name));
    } catch (RuntimeException e) {
      return QueueRead.failed(KeyMaterial.redact(String.valueOf(e.getMessage())));
    }
  }

  /**
   * A cluster's queue as last recorded with a snapshot (the mock backend's read now); {@code
   * snapshotId} and {@code takenAt} are {@code null} when none was recorded. Asks no scheduler.
   */
  public StoredQueueResult storedQueue(Actor actor, String name) {
    return guarded(
        () -> {
          RegisteredCluster cluster = connections().cluster(name);
          if (cluster.definition() != null && adapters.of(schedulerOf(cluster)).readsLive()) {
            return new StoredQueueResult(
                name, null, clock.instant(), null, jobs(actor).queue(name));
          }
          return registry()
              .latestQueue(name)
              .map(
                  q ->
                      new StoredQueueResult(
                          name, q.snapshotId(), q.takenAt(), q.queue().failure(), q.queue().jobs()))
              .orElse(new StoredQueueResult(name, null, null, null, List.of()));
        });
  }

  /** GPUs in use over time since {@code since}; of every cluster when {@code cluster} is null. */
  public List<io.examlops.fleet.model.UtilizationSample> utilization(
      String cluster, java.time.Instant since) {
    return guarded(
        () -> {
          if (cluster != null) {
            ClusterName.require(cluster);
          }
          return new io.examlops.fleet.registry.UtilizationHistory(registry().platformDb())
              .since(cluster, since);
        });
  }

  /**
   * A cluster's nodes as last stored: its latest snapshot (the mock backend's live node); empty
   * when none was taken. Asks no scheduler.
   */
  public Optional<NodeSnapshot> storedNodes(String name) {
    return guarded(
        () -> {
          ClusterConnections connections = connections();
          RegisteredCluster cluster = connections.cluster(name);
          SchedulerAdapter adapter = adapters.of(schedulerOf(cluster));
          if (cluster.definition() != null && adapter.readsLive()) {
            NodeInventory live = adapter.liveInventory(cluster, context());
            return Optional.of(
                new NodeSnapshot(0, name, live.takenAt(), adapter.kind().label(), live.nodes()));
          }
          return connections.registry().latestSnapshot(name);
        });
  }

  /** Capacity from what is stored: like {@link #capacity} without following any job first. */
  public FleetCapacity storedCapacity() {
    return guarded(() -> scheduling().capacity(env));
  }

  /**
   * The fingerprints approving the cluster now would pin: its key file's and the host key last met
   * (else the one clusters.yaml names). Connects nowhere.
   */
  public Fingerprints approvalFingerprints(String name) {
    return guarded(
        () -> {
          ClusterConnections connections = connections();
          return connections.current(connections.cluster(name));
        });
  }
}
