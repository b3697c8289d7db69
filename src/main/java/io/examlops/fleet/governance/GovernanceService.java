package io.examlops.fleet.governance;

import io.examlops.fleet.discovery.Detection;
import io.examlops.fleet.discovery.Discovery;
import io.examlops.fleet.discovery.HostTarget;
import io.examlops.fleet.model.Actor;
import io.examlops.fleet.model.AuditEvent;
import io.examlops.fleet.model.ClusterCaps;
import io.examlops.fleet.model.ClusterDefinition;
import io.examlops.fleet.model.ClusterGovernance;
import io.examlops.fleet.model.ClusterName;
import io.examlops.fleet.model.ClusterReview;
import io.examlops.fleet.model.ClusterState;
import io.examlops.fleet.model.ConnectionRules;
import io.examlops.fleet.model.ErrorKind;
import io.examlops.fleet.model.Fingerprints;
import io.examlops.fleet.model.FleetException;
import io.examlops.fleet.model.Hint;
import io.examlops.fleet.model.RefusedAttempt;
import io.examlops.fleet.model.RegisteredCluster;
import io.examlops.fleet.model.Schedulability;
import io.examlops.fleet.model.SchedulerKind;
import io.examlops.fleet.registry.ApprovalCheck;
import io.examlops.fleet.registry.AuditTrail;
import io.examlops.fleet.registry.ClusterConnections;
import io.examlops.fleet.registry.ClusterEnvironment;
import io.examlops.fleet.registry.ClusterRegistry;
import io.examlops.fleet.registry.Clusters;
import io.examlops.fleet.registry.DelegatedDecisions;
import io.examlops.fleet.registry.JobStore;
import io.examlops.fleet.registry.PrivateFiles;
import io.examlops.fleet.registry.RegistryException;
import io.examlops.fleet.scheduler.ProbeException;
import io.examlops.fleet.scheduler.SchedulerAdapter;
import io.examlops.fleet.transport.CommandRunner;
import io.examlops.fleet.transport.Endpoint;
import io.examlops.fleet.transport.KeyFingerprint;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The approval workflow: registering clusters as PENDING, approving (which pins what the admin saw)
 * and rejecting them, their environment, and the audit trail. Discovery only proposes; only an
 * approval lets work reach a cluster. Stateless: safe to share between threads.
 */
public final class GovernanceService {
  private static final org.slf4j.Logger LOG =
      org.slf4j.LoggerFactory.getLogger(GovernanceService.class);

  private final Clusters clusters;
  private final Discovery discovery;

  public GovernanceService(Clusters clusters) {
    this.clusters = clusters;
    this.discovery = Discovery.of(clusters);
  }

  /**
   * Probes a host and registers it as PENDING, recording who asked. Registering an approved cluster
   * again refreshes its capabilities and never de-authorizes it; if what was approved changed, it
   * stops being schedulable until approved again.
   */
  public ConnectResult connect(Actor actor, ConnectRequest request) {
    SchedulerKind declared = declaredScheduler(request.scheduler());
    HostTarget target = request.target();
    Endpoint endpoint =
        target.namesThisMachine()
            ? discovery.endpoints().local(target, "`" + HostTarget.LOCAL + "`")
            : discovery.endpoints().resolve(target);
    boolean reprobed = registry().find(request.name()).isPresent();
    RegisteredCluster cluster = register(endpoint, request.name(), declared, actor);
    return new ConnectResult(
        summary(cluster), reprobed, registry().clustersFile().path().toString());
  }

  /**
   * Probes a registered cluster again through its entry in clusters.yaml as it is now (the same
   * read-only commands as {@link #connect}), declaring the scheduler the entry names, and records
   * what it found. The entry is left as it is (an edit made by hand is what gets probed); the state
   * and the pin are untouched.
   */
  public ConnectResult reprobe(Actor actor, ReprobeRequest request) {
    ClusterConnections own = clusters.connections().withoutCredential();
    RegisteredCluster cluster = own.cluster(request.cluster());
    if (cluster.definition() == null) {
      throw new RegistryException(
          "cluster '"
              + request.cluster()
              + "' has no entry in "
              + registry().clustersFile().path()
              + ": nothing says how to reach it; add its entry there, then probe it again");
    }
    Probe found = probe(own.endpoint(cluster), cluster.name(), cluster.definition().scheduler());
    RegisteredCluster probed =
        registry().recordProbe(cluster.name(), found.caps(), found.seen(), actor);
    return new ConnectResult(summary(probed), true, registry().clustersFile().path().toString());
  }

  /** Every registered cluster, in clusters.yaml order, with its verdict. Grants nothing. */
  public ClustersResult clusters() {
    return new ClustersResult(
        clusters.connections().store().list().stream().map(this::summary).toList());
  }

  /**
   * One registered cluster with its verdict; refused as an unknown cluster (in the words every
   * surface gives) when none has that name. Grants nothing.
   */
  public ClusterSummary cluster(String name) {
    return summary(clusters.connections().cluster(name));
  }

  /**
   * Every registered cluster as both sources hold it, with its approval record and pin: what an
   * agent in central mode judges with the same approval gate.
   */
  public List<RegisteredCluster> registered() {
    return registry().list();
  }

  /** Approves a cluster as it is now, pinning its scheduler, host, user, port, key and host key. */
  public ApproveResult approve(Actor actor, ApproveRequest request) {
    // What the approval pins is what clusters.yaml names, never a credential that happens to be in
    // the approving admin's environment.
    ClusterConnections own = clusters.connections().withoutCredential();
    RegisteredCluster cluster = own.cluster(request.cluster());
    RegisteredCluster approved =
        registry().approve(request.cluster(), own.current(cluster), request.expected(), actor);
    ClusterGovernance g = approved.governance();
    return new ApproveResult(
        approved.name(), approved.state(), g.decidedBy(), g.decidedAt(), g.pinned());
  }

  /** Rejects (or revokes) a cluster; a reason is required. */
  public RejectResult reject(Actor actor, RejectRequest request) {
    clusters.connections().cluster(request.cluster());
    RegisteredCluster rejected =
        registry().reject(request.cluster(), request.reason(), request.expected(), actor);
    ClusterGovernance g = rejected.governance();
    return new RejectResult(
        rejected.name(), rejected.state(), g.decidedBy(), g.decidedAt(), g.reason());
  }

  /**
   * The PENDING clusters, each with what approving it now would pin: this machine's, or in central
   * mode the console's (whose key files and host keys are the ones approving pins).
   */
  public ReviewsResult reviews() {
    return new ReviewsResult(
        clusters
            .stores()
            .delegated()
            .map(DelegatedDecisions::reviews)
            .orElseGet(
                () ->
                    registry().list().stream()
                        .filter(c -> c.state() == ClusterState.PENDING && c.definition() != null)
                        .map(this::review)
                        .toList()));
  }

  /**
   * Approves for an admin who decided elsewhere (who clicked in a Jenkins governance job), through
   * the console this exa's token vouches to; the console checks the token's on-behalf scope, that
   * the user is one of its admins, and the revision.
   */
  public ApproveResult approveFor(Actor via, ApproveForRequest request) {
    ClusterGovernance g =
        delegated()
            .approve(request.cluster(), request.user(), request.expected(), via)
            .governance();
    return new ApproveResult(
        request.cluster(), g.state(), g.decidedBy(), g.decidedAt(), g.pinned());
  }

  /** Rejects for an admin who decided elsewhere, with their reason; as {@link #approveFor}. */
  public RejectResult rejectFor(Actor via, RejectForRequest request) {
    ClusterGovernance g =
        delegated()
            .reject(request.cluster(), request.user(), request.reason(), request.expected(), via)
            .governance();
    return new RejectResult(request.cluster(), g.state(), g.decidedBy(), g.decidedAt(), g.reason());
  }

  private DelegatedDecisions delegated() {
    return clusters
        .stores()
        .delegated()
        .orElseThrow(
            () ->
                new FleetException(
                    ErrorKind.CONFLICT,
                    "deciding for someone else goes through the fleet console, which checks that"
                        + " they are one of its admins: set EXAMLOPS_SERVER to the console and"
                        + " EXAMLOPS_TOKEN to a token with the on-behalf scope (an admin of this"
                        + " machine's registry approves with exa hpc approve, as themselves)"));
  }

  private ClusterReview review(RegisteredCluster cluster) {
    try {
      Fingerprints toPin = fingerprintsToPin(cluster.name());
      return ClusterReview.of(
          cluster,
          toPin.sshKey(),
          toPin.hostKey(),
          ApprovalCheck.changesSinceProbe(
              cluster, new Fingerprints(toPin.sshKey(), toPin.hostKey())));
    } catch (FleetException e) {
      return ClusterReview.of(
          cluster, "cannot be read: " + e.getMessage(), null, changedSinceProbe(cluster));
    }
  }

  /**
   * The fingerprints approving the cluster now would pin: its key file's and the host key last met
   * (else the one clusters.yaml names). Connects nowhere.
   */
  public Fingerprints fingerprintsToPin(String cluster) {
    ClusterConnections own = clusters.connections().withoutCredential();
    return own.current(own.cluster(cluster));
  }

  /**
   * The {@code EXAMLOPS_HPC_*} environment of a schedulable ACTIVE cluster, as variables and as the
   * lines that export them; refused otherwise.
   */
  public EnvResult environment(EnvRequest request) {
    RegisteredCluster cluster = clusters.connections().requireSchedulable(request.cluster());
    Map<String, String> environment =
        clusters
            .connections()
            .store()
            .environment(request.cluster(), clusters.connections().current(cluster));
    return new EnvResult(environment, ClusterEnvironment.exportScript(environment));
  }

  /**
   * The audit trail, of one cluster or of all, oldest first; or one page of what the request's
   * filters select, read as one query that stops at the page's end.
   */
  public AuditResult audit(AuditRequest request) {
    if (request.cluster() != null) {
      clusters.connections().cluster(request.cluster());
    }
    AuditTrail.Query query =
        new AuditTrail.Query(
            request.cluster(),
            request.actor(),
            request.action(),
            request.newestFirst(),
            request.before(),
            request.after());
    ClusterRegistry registry = registry();
    if (!request.paged()) {
      return new AuditResult(
          registry.auditTrail(query, 0, null).stream().map(ClusterSummary.Audit::of).toList());
    }
    int limit = request.limit() == null ? AuditRequest.MOST : request.limit();
    // One event more than the page holds says whether a page follows.
    List<AuditEvent> events = registry.auditTrail(query, request.offset(), limit + 1);
    Long next = null;
    if (events.size() > limit) {
      events = events.subList(0, limit);
      next = events.get(limit - 1).id();
    }
    return new AuditResult(
        events.stream().map(ClusterSummary.Audit::of).toList(), registry.auditCount(query), next);
  }

  /**
   * Records a request refused before it changed anything ({@code refused}), where the refusal
   * happens: the same refusal again within minutes is counted in one event, and one address's flood
   * is folded, so that the trail stays small whatever the rate. Never throws: a trail that cannot
   * be written is logged, and the refusal stands all the same.
   */
  public void refused(RefusedAttempt attempt) {
    try {
      registry().recordRefused(attempt);
    } catch (RuntimeException e) {
      LOG.warn(
          "a refused attempt ({} by {}) could not be recorded on the audit trail: {}",
          attempt.why().word(),
          attempt.who(),
          e.getMessage());
    }
  }

  /**
   * At most {@code max} events recorded after the one numbered {@code afterId}, oldest first,
   * whichever process recorded them: what a surface that follows the trail (the console's
   * notifications) has not seen yet.
   */
  public AuditResult auditAfter(long afterId, int max) {
    return new AuditResult(
        registry().auditTrailAfter(afterId, max).stream().map(ClusterSummary.Audit::of).toList());
  }

  /**
   * The newest audit event's number (0 when none): where a surface that follows the trail starts.
   */
  public long latestAuditId() {
    return registry().latestAuditId();
  }

  /**
   * A value that changes with clusters.yaml, with every change the audit trail records
   * (registration, decision, snapshot, user or token) and with every change to tracked jobs that a
   * page shows (a new job, a state, an end), whichever process made it: a surface tells cheaply
   * whether what it shows is stale.
   */
  public String storesVersion() {
    ClusterRegistry registry = registry();
    Path yaml = registry.clustersFile().path();
    String file;
    try {
      BasicFileAttributes a = Files.readAttributes(yaml, BasicFileAttributes.class);
      file = a.size() + "@" + a.lastModifiedTime();
    } catch (IOException e) {
      file = "absent";
    }
    return file
        + "/"
        + registry.platformDb().read(c -> AuditTrail.latestId(c) + "/" + JobStore.changeCount(c));
  }

  /**
   * What of the stores others than their owner may use (clusters.yaml, platform.db with its WAL and
   * shared-memory files, and their directories), each as a warning that says how to make it
   * private; empty when all are private. The stores create them private; this finds the ones made
   * wider since.
   */
  public List<String> exposedFiles() {
    ClusterRegistry registry = registry();
    Path yaml = registry.clustersFile().path().toAbsolutePath();
    Path db = registry.platformDb().file().toAbsolutePath();
    return PrivateFiles.exposed(
        List.of(
            yaml.getParent(),
            yaml,
            db.getParent(),
            db,
            Path.of(db + "-wal"),
            Path.of(db + "-shm")));
  }

  private ClusterSummary summary(RegisteredCluster cluster) {
    Schedulability verdict = verdict(cluster);
    return ClusterSummary.of(
        cluster, verdict, verdict.schedulable() ? List.of() : changedSinceProbe(cluster));
  }

  /**
   * How the cluster's entry differs from what its last probe went through, judged with the
   * fingerprints approving would pin (those last met where the key file cannot be read now).
   */
  private List<String> changedSinceProbe(RegisteredCluster cluster) {
    ClusterConnections own = clusters.connections().withoutCredential();
    Fingerprints current;
    try {
      current = own.current(cluster);
    } catch (RuntimeException e) {
      current = cluster.governance() == null ? Fingerprints.NONE : cluster.governance().observed();
    }
    return ApprovalCheck.changesSinceProbe(cluster, current);
  }

  private Schedulability verdict(RegisteredCluster cluster) {
    try {
      return clusters.connections().schedulability(cluster);
    } catch (RegistryException e) {
      return Schedulability.no(e.getMessage());
    }
  }

  private ClusterRegistry registry() {
    return clusters.stores().registry();
  }

  private static SchedulerKind declaredScheduler(String scheduler) {
    if (scheduler == null) {
      return null;
    }
    try {
      return ConnectionRules.scheduler(scheduler);
    } catch (FleetException e) {
      throw e.about("scheduler");
    }
  }

  /**
   * Probes a host and registers it as PENDING under {@code name}, recording who asked.
   *
   * @param declared the scheduler the user declares, or {@code null} to take what detection finds
   */
  private RegisteredCluster register(
      Endpoint endpoint, String name, SchedulerKind declared, Actor actor) {
    Probe found = probe(endpoint, name, declared);
    return registry().register(found.definition(), found.seen(), found.caps(), actor);
  }

  /**
   * What a probe of a host found: the definition to register it with, the fingerprints it met and
   * the capabilities.
   */
  private record Probe(ClusterDefinition definition, Fingerprints seen, ClusterCaps caps) {}

  /**
   * Probes a host with the read-only commands of discovery, for a cluster to be called {@code
   * name}; refused, with nothing written, when no scheduler that runs jobs answers, or another than
   * the one declared.
   */
  private Probe probe(Endpoint endpoint, String name, SchedulerKind declared) {
    ClusterName.require(name);
    if (declared != null && !clusters.adapters().of(declared).detectable()) {
      if (!endpoint.isLocal()) {
        throw FleetException.invalid(
            "the "
                + declared.label()
                + " backend runs jobs on this machine: connect it as '"
                + HostTarget.LOCAL
                + "', not "
                + endpoint.label(),
            "scheduler");
      }
      return new Probe(
          ClusterDefinition.local(name, declared),
          Fingerprints.NONE,
          declaredCaps(declared, endpoint));
    }
    Detection detection = discovery.detect(endpoint);
    SchedulerKind found = detection.scheduler();
    if (detection.outcome() == Detection.Outcome.NOT_ANSWERING) {
      throw new ProbeException(
          "a scheduler is installed on "
              + endpoint.label()
              + " but does not answer ("
              + String.join("; ", detection.notes())
              + "); nothing was registered: connect again once it answers");
    }
    if (!detection.found()) {
      throw new FleetException(
          ErrorKind.CONFLICT,
          "no scheduler answers on "
              + endpoint.label()
              + " ("
              + String.join("; ", detection.notes())
              + "); nothing was registered. To try HPC Fleet without a cluster, register the mock"
              + " backend",
          Hint.of(Hint.Action.CONNECT_TRIAL, name),
          null);
    }
    refuseCertifiedHosts(endpoint, detection);
    SchedulerAdapter adapter = clusters.adapters().of(found);
    if (!found.runsJobs()) {
      throw new RegistryException(
          adapter.whyNotRegistrable(endpoint.label()) + "; nothing was registered");
    }
    if (declared != null && declared != found) {
      throw new FleetException(
          ErrorKind.CONFLICT,
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
        adapter.registering(detection.definition(name, found, endpoint), endpoint);
    Fingerprints seen =
        endpoint.isLocal()
            ? Fingerprints.NONE
            : endpoint.isApi()
                ? new Fingerprints(
                    endpoint.api().credential().fingerprint(endpoint.label()),
                    detection.hostKeyFingerprint())
                : new Fingerprints(
                    endpoint.ssh().key() == null
                        // The ssh-agent's key that the host accepted: the one use will be held to.
                        ? detection.clientKeyFingerprint()
                        : KeyFingerprint.of(
                            endpoint.ssh().key(), clusters.context().settings().keyPassphrase()),
                    detection.hostKeyFingerprint());
    return new Probe(definition, seen, detection.caps());
  }

  /**
   * An approval pins each host's key, and a host that presented a certificate left none to pin (the
   * SSH library does not hand back the key it certifies): refused before anything is written.
   */
  private static void refuseCertifiedHosts(Endpoint endpoint, Detection detection) {
    if (endpoint.isLocal() || endpoint.isApi()) {
      return;
    }
    List<String> certified = new ArrayList<>();
    for (int i = 0; i < endpoint.ssh().jumps().size(); i++) {
      if (i >= detection.jumpHostKeys().size() || detection.jumpHostKeys().get(i) == null) {
        certified.add("jump host " + endpoint.ssh().jumps().get(i).label());
      }
    }
    if (detection.hostKeyFingerprint() == null) {
      certified.add(endpoint.ssh().label());
    }
    if (!certified.isEmpty()) {
      throw FleetException.invalid(
          String.join(" and ", certified)
              + " presented a host certificate, trusted through a @cert-authority line of"
              + " known_hosts; an approval pins a host's own key, which a certificate does not"
              + " hand over here: add the host's plain key to known_hosts (ssh-keyscan, checked"
              + " with its administrator) and connect again; nothing was registered");
    }
  }

  /** What a declared-only scheduler (the mock) says of itself on this machine. */
  private ClusterCaps declaredCaps(SchedulerKind declared, Endpoint endpoint) {
    try (CommandRunner runner = endpoint.open()) {
      return clusters.adapters().of(declared).probe(clusters.context()).capabilities(runner);
    }
  }
}
