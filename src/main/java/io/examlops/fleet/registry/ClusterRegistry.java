package io.examlops.fleet.registry;

import io.examlops.fleet.model.Actor;
import io.examlops.fleet.model.ApiSettings;
import io.examlops.fleet.model.AuditEvent;
import io.examlops.fleet.model.ClusterCaps;
import io.examlops.fleet.model.ClusterDefinition;
import io.examlops.fleet.model.ClusterGovernance;
import io.examlops.fleet.model.ClusterName;
import io.examlops.fleet.model.ClusterRevision;
import io.examlops.fleet.model.ClusterState;
import io.examlops.fleet.model.Fingerprints;
import io.examlops.fleet.model.FleetException;
import io.examlops.fleet.model.Hint;
import io.examlops.fleet.model.JumpHost;
import io.examlops.fleet.model.NodeInfo;
import io.examlops.fleet.model.NodeSnapshot;
import io.examlops.fleet.model.OneLine;
import io.examlops.fleet.model.PinnedConnection;
import io.examlops.fleet.model.Printable;
import io.examlops.fleet.model.QueueRead;
import io.examlops.fleet.model.QueueSnapshot;
import io.examlops.fleet.model.RefusedAttempt;
import io.examlops.fleet.model.RegisteredCluster;
import io.examlops.fleet.model.Schedulability;
import io.examlops.fleet.model.TransportKind;
import io.examlops.fleet.settings.FleetSettings;
import io.examlops.fleet.settings.RegistryLocations;
import io.examlops.fleet.transport.HttpApi;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The governance operations over both sources of truth: clusters.yaml (how to reach a cluster) and
 * platform.db (whether it may be used). Each change is one database transaction that also writes
 * its audit event, with the acting user.
 *
 * <p>The rule they keep: a discovered cluster is registered, never connected; it receives no work
 * until an admin approves it; and nothing silently widens what was approved. Approval pins the
 * scheduler, transport, host, port, user, key fingerprint, host-key fingerprint and (Flux) the
 * instance URI; if any of them changes later the cluster stays ACTIVE but is not schedulable until
 * approved again.
 */
public final class ClusterRegistry implements ClusterStore {
  private static final int MAX_TEXT = 500;

  private final ClustersFile clusters;
  private final PlatformDb db;
  private final Clock clock;

  public ClusterRegistry(ClustersFile clusters, PlatformDb db, Clock clock) {
    this.clusters = clusters;
    this.db = db;
    this.clock = clock;
  }

  /** Opens both stores where the settings say (see {@link RegistryLocations}). */
  public static ClusterRegistry open(FleetSettings settings, Clock clock) {
    return open(settings, clock, WriteHook.NONE);
  }

  /** As {@link #open(FleetSettings, Clock)}, with {@code hook} called at each write step. */
  public static ClusterRegistry open(FleetSettings settings, Clock clock, WriteHook hook) {
    RegistryLocations locations = settings.registry();
    return new ClusterRegistry(
        new ClustersFile(locations.clustersFile(), settings.home(), hook),
        PlatformDb.open(locations.platformDb(), hook),
        clock);
  }

  public ClustersFile clustersFile() {
    return clusters;
  }

  /** The tracked jobs of this machine's platform.db. */
  public JobStore jobStore() {
    return new JobStore(db, clock);
  }

  public PlatformDb platformDb() {
    return db;
  }

  /**
   * Registers a cluster: writes its definition to clusters.yaml, then records it as PENDING with
   * who asked and when. Registering it again refreshes its definition, capabilities and
   * fingerprints; an ACTIVE cluster stays ACTIVE with its pin (so a changed host makes it
   * unschedulable, never silently re-approved), a REJECTED one becomes a new PENDING request.
   *
   * @param observed fingerprints the probe saw; {@code null} when it was not probed
   * @param capabilities what the probe found; {@code null} when it was not probed
   */
  public RegisteredCluster register(
      ClusterDefinition definition, Fingerprints observed, ClusterCaps capabilities, Actor actor) {
    Actor who = actor(actor);
    String name = definition.name();
    // Both stores or neither: the row and its audit event are written first (a database that
    // cannot be written fails there, before clusters.yaml is touched), then the clusters.yaml
    // edit, then the commit; a failed commit takes the edit back. A crash between the edit and
    // the commit leaves a cluster that is only listed in clusters.yaml, which counts as PENDING
    // and grants nothing.
    ClustersFile.Edit[] edit = new ClustersFile.Edit[1];
    Runnable editYaml =
        () -> {
          if (edit[0] == null) { // once, even when the transaction is retried
            edit[0] = clusters.upsert(definition);
          }
        };
    ClusterGovernance governance;
    try {
      governance = registerRow(definition, observed, capabilities, who, editYaml);
    } catch (RuntimeException e) {
      if (edit[0] != null) {
        try {
          edit[0].undo();
        } catch (RuntimeException undo) {
          throw new RegistryException(e.getMessage() + "; moreover, " + undo.getMessage(), e);
        }
      }
      throw e;
    }
    return new RegisteredCluster(name, definition, governance);
  }

  private ClusterGovernance registerRow(
      ClusterDefinition definition,
      Fingerprints observed,
      ClusterCaps capabilities,
      Actor who,
      Runnable beforeCommit) {
    return transition(
        definition.name(),
        who,
        "register",
        (before, now) ->
            probedVia(
                definition,
                capabilities,
                before
                    .map(g -> g.reRegistered(definition, who.name(), now))
                    .orElseGet(() -> ClusterGovernance.requested(definition, who.name(), now))
                    .probed(capabilities, observed, capabilities == null ? null : now)),
        (before, after) ->
            details(
                "previousState", stateOf(before),
                "state", after.state().name(),
                "definition", describe(definition),
                "observed", observed,
                "capabilities", capabilities == null ? null : summary(capabilities)),
        beforeCommit);
  }

  /**
   * Approves a cluster as its clusters.yaml entry and the given fingerprints are now, and pins
   * those values. Also used to approve again after a change.
   *
   * @param current the fingerprints the transport computes now: the key's, and the host key the
   *     host presented (when null, the host key clusters.yaml names is pinned)
   */
  public RegisteredCluster approve(String name, Fingerprints current, Actor actor) {
    return approve(name, current, null, actor);
  }

  /**
   * As {@link #approve(String, Fingerprints, Actor)}, only while the cluster is at {@code expected}
   * (when given), checked in the transaction that records the approval.
   */
  public RegisteredCluster approve(
      String name, Fingerprints current, ClusterRevision expected, Actor actor) {
    Actor who = actor(actor);
    ClusterDefinition definition = definitionOf(name);
    PinnedConnection pin = pinFor(definition, current);
    ClusterGovernance governance =
        transition(
            name,
            who,
            "approve",
            (before, now) ->
                atExpected(name, definition, before, expected, "approved")
                    .map(g -> probedAsDefined(definition, current, g))
                    .orElseGet(() -> ClusterGovernance.listed(definition))
                    .describing(definition)
                    .probed(null, current, null)
                    .approve(who.name(), now, pin),
            (before, after) -> decided(before, "pinned", pin, "previousPin"));
    return new RegisteredCluster(name, definition, governance);
  }

  /**
   * {@code g} with its probe's connection: the one {@code definition} and the fingerprints the
   * probe met amount to; unchanged when nothing was probed.
   */
  private static ClusterGovernance probedVia(
      ClusterDefinition definition, ClusterCaps capabilities, ClusterGovernance g) {
    return capabilities == null || definition == null
        ? g
        : g.probedVia(ApprovalCheck.inUse(definition, g.observed()));
  }

  /**
   * {@code g}, refused when the cluster's entry changed since its last probe: what the admin saw
   * found would then belong to another entry than the one approving pins.
   */
  private ClusterGovernance probedAsDefined(
      ClusterDefinition definition, Fingerprints current, ClusterGovernance g) {
    List<String> changes =
        ApprovalCheck.changesSinceProbe(
            new RegisteredCluster(definition.name(), definition, g), current);
    if (changes.isEmpty()) {
      return g;
    }
    throw new RegistryException(
        "cannot approve cluster '"
            + definition.name()
            + "': its entry in "
            + clusters.path()
            + " was edited since it was probed on "
            + Timestamps.format(g.probedAt())
            + " ("
            + String.join("; ", changes)
            + "), so what the probe found belongs to the old entry; probe it again, then decide",
        Hint.of(Hint.Action.REPROBE, definition.name()));
  }

  /** Rejects (or revokes) a cluster; a reason is required and recorded. */
  public RegisteredCluster reject(String name, String reason, Actor actor) {
    return reject(name, reason, null, actor);
  }

  /**
   * As {@link #reject(String, String, Actor)}, only while the cluster is at {@code expected} (when
   * given), checked in the transaction that records the rejection.
   */
  public RegisteredCluster reject(
      String name, String reason, ClusterRevision expected, Actor actor) {
    Actor who = actor(actor);
    String why =
        text(
            reason,
            "the reason",
            "a reason is required to reject cluster '" + name + "', e.g. \"wrong account\"");
    Optional<ClusterDefinition> definition = clusters.find(name);
    ClusterGovernance governance =
        transition(
            name,
            who,
            "reject",
            (before, now) ->
                atExpected(name, definition.orElse(null), before, expected, "rejected")
                    .or(() -> definition.map(ClusterGovernance::listed))
                    .orElseThrow(() -> unknown(name))
                    .reject(who.name(), now, why),
            (before, after) -> decided(before, "reason", why, "revokedPin"));
    return new RegisteredCluster(name, definition.orElse(null), governance);
  }

  /** Records what a probe of a registered cluster found; its state and pin are untouched. */
  public RegisteredCluster recordProbe(
      String name, ClusterCaps capabilities, Fingerprints observed, Actor actor) {
    Objects.requireNonNull(capabilities, "capabilities");
    return recorded(
        name,
        actor,
        "probe",
        (before, now) ->
            probedVia(
                clusters.find(name).orElse(null),
                capabilities,
                registered(name, before).probed(capabilities, observed, now)),
        (before, after) -> details("capabilities", summary(capabilities), "observed", observed));
  }

  /**
   * A change to what is recorded of a registered cluster that leaves its state and pin alone; the
   * cluster as its entry stands now.
   */
  private RegisteredCluster recorded(
      String name, Actor actor, String action, Change change, Details details) {
    ClusterGovernance governance = transition(name, actor(actor), action, change, details);
    return new RegisteredCluster(name, clusters.find(name).orElse(null), governance);
  }

  @Override
  public void recordMint(String name, HttpApi.Token token, Actor actor) {
    Actor who = actor(actor);
    db.write(
        c -> {
          AuditTrail.record(
              c,
              now(),
              who,
              "mint",
              name,
              details("clusterUser", token.user(), "expires", Timestamps.format(token.expires())));
          return null;
        });
  }

  /**
   * Records the fingerprints a connection to a registered cluster met, without a full probe: a host
   * presenting another host key than approved thereby makes the cluster unschedulable, with the
   * reason, until an admin approves it again.
   */
  @Override
  public RegisteredCluster recordObservation(String name, Fingerprints observed, Actor actor) {
    Objects.requireNonNull(observed, "observed");
    return recorded(
        name,
        actor,
        "observe",
        (before, now) -> registered(name, before).probed(null, observed, null),
        (before, after) ->
            details(
                "observed",
                observed,
                "previouslyObserved",
                before.map(ClusterGovernance::observed).orElse(null)));
  }

  /**
   * Saves a node inventory of a registered cluster as a new snapshot, in one transaction: a crash
   * part-way leaves the previous snapshot as the latest.
   */
  public NodeSnapshot saveSnapshot(String name, List<NodeInfo> nodes, Actor actor) {
    return saveSnapshot(name, nodes, null, actor);
  }

  /**
   * Saves a node inventory as a new snapshot with the queue read beside it ({@code null}: not
   * read), in one transaction; the queue becomes the cluster's latest recorded one.
   */
  public NodeSnapshot saveSnapshot(
      String name, List<NodeInfo> nodes, QueueRead queue, Actor actor) {
    Actor who = actor(actor);
    return db.write(
        c -> {
          Instant now = now();
          ClusterName.require(name);
          registered(name, GovernanceTable.find(c, name));
          long id = NodeSnapshots.save(c, name, now, who.name(), nodes);
          Map<String, Object> details =
              details(
                  "snapshotId", id,
                  "nodes", nodes.size(),
                  "gpus", nodes.stream().mapToInt(NodeInfo::gpuCount).sum());
          if (queue != null) {
            QueueSnapshots.save(c, name, id, queue);
            details.put("queueJobs", queue.failure() == null ? queue.jobs().size() : null);
          }
          AuditTrail.record(c, now, who, "snapshot", name, details);
          db.hook().reached(WriteHook.WriteStep.SNAPSHOT_BEFORE_COMMIT);
          return new NodeSnapshot(id, name, now, who.name(), nodes);
        });
  }

  @Override
  public Optional<NodeSnapshot> latestSnapshot(String name) {
    ClusterName.require(name);
    return db.read(c -> NodeSnapshots.latest(c, name));
  }

  /** The latest queue recorded with a snapshot of the cluster; empty when none was. */
  public Optional<QueueSnapshot> latestQueue(String name) {
    ClusterName.require(name);
    return db.read(c -> QueueSnapshots.latest(c, name));
  }

  /**
   * Every cluster in either source: clusters.yaml's entries in file order, then clusters only
   * platform.db knows. A cluster only listed in clusters.yaml shows as PENDING.
   */
  @Override
  public List<RegisteredCluster> list() {
    definitionsNotLost();
    List<ClusterDefinition> definitions = clusters.read();
    Map<String, ClusterGovernance> rows = new LinkedHashMap<>(db.read(GovernanceTable::all));
    List<RegisteredCluster> all = new ArrayList<>();
    for (ClusterDefinition d : definitions) {
      all.add(new RegisteredCluster(d.name(), d, rows.remove(d.name())));
    }
    rows.forEach((name, g) -> all.add(new RegisteredCluster(name, null, g)));
    return all;
  }

  @Override
  public Optional<RegisteredCluster> find(String name) {
    ClusterName.require(name);
    definitionsNotLost();
    Optional<ClusterDefinition> definition = clusters.find(name);
    Optional<ClusterGovernance> governance = db.read(c -> GovernanceTable.find(c, name));
    if (definition.isEmpty() && governance.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(
        new RegisteredCluster(name, definition.orElse(null), governance.orElse(null)));
  }

  /** Refuses a clusters.yaml emptied or gone while platform.db records approved clusters. */
  private void definitionsNotLost() {
    clusters.requireSectionWhile(
        () ->
            db.read(GovernanceTable::all).entrySet().stream()
                .filter(e -> e.getValue().state() == ClusterState.ACTIVE)
                .map(Map.Entry::getKey)
                .toList(),
        db.file());
  }

  /** The whole audit trail, oldest first. */
  public List<AuditEvent> auditTrail() {
    return db.read(c -> AuditTrail.list(c, null));
  }

  /**
   * At most {@code max} events recorded after the one numbered {@code afterId}, oldest first: what
   * a process following the trail (another process's changes included) has not seen yet.
   */
  public List<AuditEvent> auditTrailAfter(long afterId, int max) {
    if (max < 1) {
      throw new IllegalArgumentException("at least one event must be asked for, not " + max);
    }
    return db.read(c -> AuditTrail.after(c, afterId, max));
  }

  /**
   * Records a refused attempt on the audit trail, now: counted in the event of the same refusal of
   * the last minutes, or added ({@link RefusedAttempts}).
   */
  public void recordRefused(RefusedAttempt attempt) {
    db.write(
        c -> {
          RefusedAttempts.record(c, now(), attempt);
          return null;
        });
  }

  /** The newest audit event's number, 0 when there is none. */
  public long latestAuditId() {
    return db.read(AuditTrail::latestId);
  }

  /** One cluster's audit trail, oldest first. */
  public List<AuditEvent> auditTrail(String name) {
    ClusterName.require(name);
    return db.read(c -> AuditTrail.list(c, name));
  }

  /**
   * The events {@code query} selects, in its order: {@code offset} of them skipped, at most {@code
   * limit} ({@code null}: all of them).
   */
  public List<AuditEvent> auditTrail(AuditTrail.Query query, long offset, Integer limit) {
    return db.read(c -> AuditTrail.list(c, query, offset, limit));
  }

  /** How many events {@code query} selects, whatever its cursors. */
  public long auditCount(AuditTrail.Query query) {
    return db.read(c -> AuditTrail.count(c, query));
  }

  /**
   * Whether the cluster may receive work now: ACTIVE, and its definition and the fingerprints in
   * use equal what the approval pinned.
   */
  public Schedulability schedulability(String name, Fingerprints current) {
    return find(name)
        .map(cluster -> ApprovalCheck.judge(cluster, current))
        .orElseGet(() -> Schedulability.no(unknown(name).getMessage()));
  }

  @Override
  public java.nio.file.Path keyFile(String keyPath) {
    return clusters.keyFile(keyPath);
  }

  private PinnedConnection pinFor(ClusterDefinition definition, Fingerprints current) {
    if (definition.transport() == TransportKind.LOCAL) {
      return ApprovalCheck.inUse(definition, current);
    }
    List<String> conflict = ApprovalCheck.hostKeyConflict(definition, current);
    if (!conflict.isEmpty()) {
      throw new RegistryException(
          "cannot approve cluster '"
              + definition.name()
              + "': "
              + conflict.get(0)
              + "; if the host key was changed on purpose, put the new fingerprint in "
              + clusters.path()
              + ", otherwise do not approve (the connection may be intercepted)");
    }
    boolean noTls =
        definition.transport() == TransportKind.REST
            && !definition.settings().get(ApiSettings.URL.name()).startsWith("https:");
    if (!noTls && ApprovalCheck.hostKey(definition, current) == null) {
      if (definition.transport() == TransportKind.REST) {
        throw new RegistryException(
            "cannot approve cluster '"
                + definition.name()
                + "': the TLS certificate of its REST API is not known; connect it again so that"
                + " it is seen, or add 'certificate: SHA256:...' to its entry in "
                + clusters.path(),
            Hint.of(Hint.Action.CONNECT, definition.name()));
      }
      throw new RegistryException(
          "cannot approve cluster '"
              + definition.name()
              + "': its host key is not known; connect it again so that the host key is seen, or"
              + " add 'host_key: SHA256:...' to its entry in "
              + clusters.path(),
          Hint.of(Hint.Action.CONNECT, definition.name()));
    }
    if (!definition.jumps().isEmpty() && JumpHost.hostKeyPins(definition.jumps()).isEmpty()) {
      throw new RegistryException(
          "cannot approve cluster '"
              + definition.name()
              + "': the host keys of its jump hosts are not known; connect it again so that they"
              + " are seen, or add 'jump_host_keys: SHA256:...' (one per jump host, in order) to"
              + " its entry in "
              + clusters.path(),
          Hint.of(Hint.Action.CONNECT, definition.name()));
    }
    if (definition.keyPath() != null && current.sshKey() == null) {
      throw new IllegalArgumentException(
          "the fingerprint of key "
              + definition.keyPath()
              + " must be given to approve '"
              + definition.name()
              + "'");
    }
    return ApprovalCheck.inUse(definition, current);
  }

  private ClusterDefinition definitionOf(String name) {
    ClusterName.require(name);
    return clusters
        .find(name)
        .orElseThrow(
            () ->
                new RegistryException(
                    "cluster '"
                        + name
                        + "' has no entry in "
                        + clusters.path()
                        + "; register it or add its entry there, then approve it",
                    Hint.of(Hint.Action.CONNECT, name)));
  }

  /** How a governance record changes, given the record before (if any) and the time. */
  private interface Change {
    ClusterGovernance apply(Optional<ClusterGovernance> before, Instant now);
  }

  /** What the audit event of a change says. */
  private interface Details {
    Map<String, Object> of(Optional<ClusterGovernance> before, ClusterGovernance after);
  }

  /** One governance change and its audit event, in one transaction. */
  private ClusterGovernance transition(
      String name, Actor who, String action, Change change, Details details) {
    return transition(name, who, action, change, details, () -> {});
  }

  /**
   * One governance change and its audit event, in one transaction; {@code beforeCommit} runs after
   * both are written, and its failure rolls them back.
   */
  private ClusterGovernance transition(
      String name,
      Actor who,
      String action,
      Change change,
      Details details,
      Runnable beforeCommit) {
    ClusterName.require(name);
    return db.write(
        c -> {
          Instant now = now();
          Optional<ClusterGovernance> before = GovernanceTable.find(c, name);
          ClusterGovernance after = change.apply(before, now);
          GovernanceTable.save(c, name, after, now);
          AuditTrail.record(c, now, who, action, name, details.of(before, after));
          beforeCommit.run();
          db.hook().reached(WriteHook.WriteStep.GOVERNANCE_BEFORE_COMMIT);
          return after;
        });
  }

  /**
   * The record a decision starts from, refused when the cluster is no longer at the revision the
   * deciding admin saw (read in the decision's own transaction: of two decisions on one revision,
   * one applies).
   */
  private static Optional<ClusterGovernance> atExpected(
      String name,
      ClusterDefinition definition,
      Optional<ClusterGovernance> before,
      ClusterRevision expected,
      String decision) {
    if (expected != null && (definition != null || before.isPresent())) {
      expected.requireAt(new RegisteredCluster(name, definition, before.orElse(null)), decision);
    }
    return before;
  }

  private static String stateOf(Optional<ClusterGovernance> governance) {
    return governance.map(g -> g.state().name()).orElse(null);
  }

  private static ClusterGovernance registered(String name, Optional<ClusterGovernance> found) {
    return found.orElseThrow(
        () ->
            new RegistryException(
                "cluster '" + name + "' is not registered in platform.db; register it first",
                Hint.of(Hint.Action.CONNECT, name)));
  }

  private RegistryException unknown(String name) {
    return new RegistryException(
        "no cluster named '"
            + name
            + "': it is neither in "
            + clusters.path()
            + " nor in "
            + db.file(),
        Hint.of(Hint.Action.LIST_CLUSTERS));
  }

  private Instant now() {
    return Timestamps.stored(clock.instant());
  }

  private static Actor actor(Actor actor) {
    if (actor == null) {
      throw new RegistryException("the acting user is required for every registry change");
    }
    return actor;
  }

  /** Trimmed single-line text of bounded length, or an error saying what is required. */
  private static String text(String value, String what, String required) {
    String trimmed = value == null ? "" : value.strip();
    if (trimmed.isEmpty()) {
      throw new RegistryException(required);
    }
    if (trimmed.length() > MAX_TEXT || !OneLine.isPlain(trimmed)) {
      throw FleetException.invalid(
          what
              + " "
              + Printable.quoted(trimmed.substring(0, Math.min(40, trimmed.length())))
              + " is not accepted: use one line (no newline, control or bidirectional character)"
              + " of at most "
              + MAX_TEXT
              + " characters");
    }
    return trimmed;
  }

  /**
   * What an approval or a rejection records: the state it left, what was decided, and the pin it
   * replaced (under {@code pinKey}).
   */
  private static Map<String, Object> decided(
      Optional<ClusterGovernance> before, String key, Object value, String pinKey) {
    return details(
        "previousState",
        stateOf(before),
        key,
        value,
        pinKey,
        before.map(ClusterGovernance::pinned).orElse(null));
  }

  private static Map<String, Object> details(Object... keysAndValues) {
    Map<String, Object> details = new LinkedHashMap<>();
    for (int i = 0; i < keysAndValues.length; i += 2) {
      details.put((String) keysAndValues[i], keysAndValues[i + 1]);
    }
    return details;
  }

  private static Map<String, Object> describe(ClusterDefinition d) {
    return details(
        "scheduler",
        d.scheduler().label(),
        "transport",
        d.transport().label(),
        "host",
        d.host(),
        "user",
        d.user(),
        "key",
        d.keyPath(),
        "port",
        d.port(),
        "hostKey",
        d.hostKeyFingerprint(),
        "settings",
        d.settings());
  }

  private static Map<String, Object> summary(ClusterCaps caps) {
    return details(
        "scheduler",
        caps.scheduler().label(),
        "version",
        caps.version(),
        "nodes",
        caps.nodes(),
        "gpus",
        caps.gpus(),
        "gpuTypes",
        caps.gpuTypes());
  }
}
