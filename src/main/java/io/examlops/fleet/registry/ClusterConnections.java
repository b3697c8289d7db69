package io.examlops.fleet.registry;

import io.examlops.fleet.model.Actor;
import io.examlops.fleet.model.ApiSettings;
import io.examlops.fleet.model.ClusterDefinition;
import io.examlops.fleet.model.ClusterGovernance;
import io.examlops.fleet.model.Fingerprints;
import io.examlops.fleet.model.Hint;
import io.examlops.fleet.model.JumpHost;
import io.examlops.fleet.model.PinnedConnection;
import io.examlops.fleet.model.RegisteredCluster;
import io.examlops.fleet.model.Schedulability;
import io.examlops.fleet.model.TransportKind;
import io.examlops.fleet.scheduler.SchedulerAdapters;
import io.examlops.fleet.settings.ClientCredential;
import io.examlops.fleet.settings.FleetSettings;
import io.examlops.fleet.settings.Variables;
import io.examlops.fleet.transport.AgentKeys;
import io.examlops.fleet.transport.ApiCredential;
import io.examlops.fleet.transport.ApiTarget;
import io.examlops.fleet.transport.ClientEnvironment;
import io.examlops.fleet.transport.CommandRunner;
import io.examlops.fleet.transport.Endpoint;
import io.examlops.fleet.transport.HostKeyPolicy;
import io.examlops.fleet.transport.HttpApi;
import io.examlops.fleet.transport.KeyFingerprint;
import io.examlops.fleet.transport.SharedRunners;
import io.examlops.fleet.transport.SshTarget;
import io.examlops.fleet.transport.TransportException;
import io.examlops.fleet.transport.TransportOptions;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * How the fleet reaches a registered cluster, and the approval gate in front of it. A connection to
 * a cluster verifies the host key its clusters.yaml entry names; a host that presents another one
 * is refused, and what it presented is recorded so that the cluster stops being schedulable, with
 * the reason, until an admin approves it again.
 */
public final class ClusterConnections {
  private final Stores stores;
  private final TransportOptions options;
  private final java.nio.file.Path knownHosts;
  private final ClientEnvironment client;
  private final SchedulerAdapters adapters;
  private final ClientCredential credential;
  private final Supplier<SharedRunners> runners;

  /**
   * @param stores where the clusters and their approvals are
   * @param client the key passphrase, and where host-key warnings go
   * @param adapters the schedulers, which may route a cluster's commands (Flux: its instance)
   * @param credential the caller's own credential, used where it gives a key or a user
   * @param runners the open connections, one per endpoint, that every call shares: asked for on the
   *     first connection, so that a command that reaches no cluster starts no idle sweep
   */
  public ClusterConnections(
      Stores stores,
      TransportOptions options,
      java.nio.file.Path knownHosts,
      ClientEnvironment client,
      SchedulerAdapters adapters,
      ClientCredential credential,
      Supplier<SharedRunners> runners) {
    this.stores = stores;
    this.options = options;
    this.knownHosts = knownHosts;
    this.client = client;
    this.adapters = adapters;
    this.credential = credential;
    this.runners = runners;
  }

  /**
   * The connections the settings describe: their known_hosts, key passphrase and credential, over
   * the process's shared runners.
   */
  public static ClusterConnections of(
      Stores stores, FleetSettings settings, SchedulerAdapters adapters) {
    return new ClusterConnections(
        stores,
        TransportOptions.DEFAULTS,
        settings.ssh().knownHosts(),
        ClientEnvironment.of(settings.keyPassphrase(), settings.ssh().agentSocket()),
        adapters,
        settings.credential(),
        SharedRunners::process);
  }

  /**
   * The same connections with clusters.yaml's own key and user: what an approval pins is what the
   * registry names, never a credential that happens to be in the approving admin's environment.
   */
  public ClusterConnections withoutCredential() {
    return new ClusterConnections(
        stores, options, knownHosts, client, adapters, ClientCredential.NONE, runners);
  }

  /** The clusters and their approvals, as the stores in use hold them. */
  public ClusterStore store() {
    return stores.clusters();
  }

  /** The cluster, or {@link UnknownClusterException} naming the registered ones. */
  public RegisteredCluster cluster(String name) {
    ClusterStore registry = store();
    return registry
        .find(name)
        .orElseThrow(
            () ->
                new UnknownClusterException(
                    name, registry.list().stream().map(RegisteredCluster::name).toList()));
  }

  /**
   * The fingerprints in use now, without connecting: the key file's (or the ssh-agent key's, see
   * {@link #usesAgent}), and the host key a connection last met (else the one clusters.yaml names).
   */
  public Fingerprints current(RegisteredCluster cluster) {
    ClusterDefinition d = cluster.definition();
    if (d == null || d.transport() == TransportKind.LOCAL) {
      return Fingerprints.NONE;
    }
    if (d.transport() == TransportKind.REST) {
      String certificate =
          cluster.governance() == null ? null : cluster.governance().observed().hostKey();
      return new Fingerprints(apiCredential(d).fingerprint(d.name()), certificate);
    }
    String key = usesAgent(cluster) ? heldAgentKey(cluster) : keyFingerprint(d);
    String hostKey =
        cluster.governance() == null ? null : cluster.governance().observed().hostKey();
    return new Fingerprints(key, hostKey);
  }

  private String keyFingerprint(ClusterDefinition d) {
    try {
      return KeyFingerprint.of(keyFile(d), client.passphrase());
    } catch (RuntimeException e) {
      throw new RegistryException("cluster '" + d.name() + "': " + e.getMessage(), e);
    }
  }

  private java.nio.file.Path keyFile(ClusterDefinition d) {
    return credential.key() != null ? credential.key() : store().keyFile(d);
  }

  /**
   * Whether the cluster's client key comes from the ssh-agent: when neither the caller's credential
   * nor clusters.yaml names a key file, or when clusters.yaml's key file does not exist on this
   * machine (a CI agent reading a central registry) while an agent runs and the cluster's approval
   * or registration says which key it is. Only that key is then offered: never another one.
   */
  private boolean usesAgent(RegisteredCluster cluster) {
    ClusterDefinition d = cluster.definition();
    if (credential.key() != null) {
      return false;
    }
    return d.keyPath() == null
        || (!java.nio.file.Files.exists(store().keyFile(d))
            && client.agentSocket() != null
            && agentKey(cluster) != null);
  }

  /**
   * The fingerprint of the ssh-agent key the cluster is held to: the one the last registration or
   * probe saw (what approving now pins), else the approved one; {@code null} when neither is known.
   */
  private static String agentKey(RegisteredCluster cluster) {
    ClusterGovernance g = cluster.governance();
    if (g == null) {
      return null;
    }
    if (g.observed().sshKey() != null) {
      return g.observed().sshKey();
    }
    return g.pinned() == null ? null : g.pinned().keyFingerprint();
  }

  /** The ssh-agent key the cluster is held to, when the agent holds it; refused otherwise. */
  private String heldAgentKey(RegisteredCluster cluster) {
    String wanted = known(cluster, agentKey(cluster));
    String name = cluster.name();
    java.nio.file.Path socket = client.agentSocket();
    if (socket == null) {
      throw new RegistryException(
          "cluster '"
              + name
              + "' uses the ssh-agent's key "
              + wanted
              + ", but no ssh-agent is running ("
              + Variables.SSH_AUTH_SOCK
              + " is unset): start ssh-agent and add that key with `ssh-add KEY`");
    }
    List<String> held;
    try {
      held = AgentKeys.fingerprints(socket);
    } catch (IllegalStateException e) {
      throw new RegistryException("cluster '" + name + "': " + e.getMessage(), e);
    }
    if (!held.contains(wanted)) {
      throw new RegistryException(
          "cluster '"
              + name
              + "': "
              + AgentKeys.missing(wanted, socket, held)
              + "; add the key the cluster was "
              + (cluster.governance().pinned() != null ? "approved" : "registered")
              + " with (`ssh-add KEY`), or connect the cluster again with a key the agent holds"
              + " and have an admin approve it again",
          Hint.of(Hint.Action.APPROVE, name));
    }
    return wanted;
  }

  /**
   * Refuses a caller's credential that is not the one approved, naming both fingerprints (or
   * users), before any connection is made with it.
   */
  private void requireApprovedCredential(RegisteredCluster cluster) {
    ClusterDefinition d = cluster.definition();
    if (d == null || d.transport() != TransportKind.SSH) {
      return;
    }
    PinnedConnection pinned = cluster.governance() == null ? null : cluster.governance().pinned();
    String approvedUser = pinned != null ? pinned.user() : d.user();
    if (credential.user() != null && !credential.user().equals(approvedUser)) {
      throw new NotApprovedException(
          "the SSH credential in use logs in as '"
              + credential.user()
              + "', but cluster '"
              + d.name()
              + "' is "
              + (pinned != null ? "approved" : "registered")
              + " for user '"
              + approvedUser
              + "': use the credential of that user",
          null);
    }
    if (credential.key() == null) {
      return;
    }
    String given = keyFingerprint(d);
    String approved =
        pinned != null
            ? pinned.keyFingerprint()
            : d.keyPath() == null
                ? agentKey(cluster)
                : KeyFingerprint.of(store().keyFile(d), client.passphrase());
    if (approved != null && !approved.equals(given)) {
      throw new NotApprovedException(
          "the SSH credential in use holds key "
              + given
              + ", but cluster '"
              + d.name()
              + "' is "
              + (pinned != null ? "approved with key " : "registered with key ")
              + approved
              + ": use the credential that holds the approved key, or have an admin approve the"
              + " cluster again with this key",
          io.examlops.fleet.model.Hint.of(io.examlops.fleet.model.Hint.Action.APPROVE, d.name()));
    }
  }

  public Schedulability schedulability(RegisteredCluster cluster) {
    return ApprovalCheck.judge(cluster, current(cluster));
  }

  /** Refuses, with the reason, a cluster that may not receive work now. */
  public RegisteredCluster requireSchedulable(String name) {
    RegisteredCluster cluster = cluster(name);
    requireApprovedCredential(cluster);
    Schedulability verdict = schedulability(cluster);
    if (!verdict.schedulable()) {
      throw new NotApprovedException(verdict.reason(), verdict.hint());
    }
    return cluster;
  }

  /** Where the cluster's commands run, with its host key pinned when clusters.yaml names one. */
  public Endpoint endpoint(RegisteredCluster cluster) {
    ClusterDefinition d = cluster.definition();
    if (d == null) {
      throw new RegistryException(
          "cluster '"
              + cluster.name()
              + "' has no entry in clusters.yaml: nothing says how to"
              + " reach it");
    }
    if (d.transport() == TransportKind.LOCAL) {
      return Endpoint.local(options);
    }
    if (d.transport() == TransportKind.REST) {
      return Endpoint.api(apiTarget(d));
    }
    requireApprovedCredential(cluster);
    boolean agent = usesAgent(cluster);
    HostKeyPolicy policy =
        d.hostKeyFingerprint() == null
            ? new HostKeyPolicy(
                HostKeyPolicy.Mode.STRICT, knownHosts, null, JumpHost.hostKeyPins(d.jumps()))
            : new HostKeyPolicy(
                HostKeyPolicy.Mode.PINNED,
                knownHosts,
                d.hostKeyFingerprint(),
                JumpHost.hostKeyPins(d.jumps()));
    return new Endpoint(
        new SshTarget(
            d.host(),
            d.port(),
            credential.user() != null ? credential.user() : d.user(),
            agent ? null : keyFile(d),
            d.jumps().stream()
                .map(
                    hop ->
                        new SshTarget(
                            hop.host(),
                            hop.port(),
                            hop.user(),
                            hop.keyPath() == null ? null : store().keyFile(hop.keyPath())))
                .toList()),
        policy,
        options,
        agent ? client.withAgentKey(approvedAgentKey(cluster)) : client);
  }

  /**
   * The only ssh-agent key a connection offers: the approved one, else (before approval) the one
   * registered.
   */
  private static String approvedAgentKey(RegisteredCluster cluster) {
    ClusterGovernance g = cluster.governance();
    String approved = g != null && g.pinned() != null ? g.pinned().keyFingerprint() : null;
    return known(cluster, approved != null ? approved : agentKey(cluster));
  }

  /** {@code key}, refused when no registration or approval said which agent key it is. */
  private static String known(RegisteredCluster cluster, String key) {
    if (key == null) {
      throw new RegistryException(
          "cluster '"
              + cluster.name()
              + "' names no key file, and nothing says which ssh-agent key it uses: connect it"
              + " with `exa hpc connect` (the key the host accepts is recorded), or add 'key:"
              + " ~/.ssh/id_ed25519' to its entry");
    }
    return key;
  }

  /**
   * Runs {@code work} over the cluster's connection, which this process's other calls share (see
   * {@link SharedRunners}): the runner {@code work} gets is not its to close. A refused host key is
   * recorded against the cluster before the failure is passed on.
   */
  public <T> T withRunner(RegisteredCluster cluster, Actor actor, Function<CommandRunner, T> work) {
    try (SharedRunners.Lease lease = runners.get().borrow(endpoint(cluster))) {
      List<HttpApi.Token> minted = new java.util.concurrent.CopyOnWriteArrayList<>();
      try {
        return work.apply(instanceOf(cluster, acting(cluster, actor, lease.runner(), minted)));
      } catch (TransportException e) {
        if (e.step() == TransportException.Step.HOST_KEY) {
          recordPresentedKey(cluster, lease, actor);
        }
        throw e;
      } finally {
        minted.forEach(token -> store().recordMint(cluster.name(), token, actor));
      }
    }
  }

  /**
   * Runs {@code work} on this machine, for what a cluster's entry says is mounted here (job output
   * of a cluster reached through an API).
   */
  public <T> T withLocalRunner(Function<CommandRunner, T> work) {
    try (SharedRunners.Lease lease = runners.get().borrow(Endpoint.local(options))) {
      return work.apply(lease.runner());
    }
  }

  /**
   * For a cluster reached through an API, the runner whose requests are for {@code actor}: its
   * submissions and cancels act as {@link #actsAs}, and every token minted on the way is kept to be
   * audited.
   */
  private static CommandRunner acting(
      RegisteredCluster cluster, Actor actor, CommandRunner runner, List<HttpApi.Token> minted) {
    if (runner.api().isEmpty()) {
      return runner;
    }
    String fleetUser = actor == null ? null : ApiUsers.fleetUser(actor);
    return ApiUsers.acting(
        runner,
        new HttpApi.Acting(
            fleetUser == null ? "(nobody)" : fleetUser,
            actsAs(cluster, actor).orElse(null),
            minted::add));
  }

  /**
   * Whom {@code actor}'s jobs run as on a cluster reached through an API: with a signing key the
   * user its {@code rest_users} maps them to, with a token the token's user; empty when none is
   * mapped, or the cluster is reached through a shell.
   */
  public static Optional<String> actsAs(RegisteredCluster cluster, Actor actor) {
    ClusterDefinition d = cluster.definition();
    if (d == null || d.transport() != TransportKind.REST) {
      return Optional.empty();
    }
    if (d.settings().get(ApiSettings.SIGNING_KEY.name()) == null) {
      return Optional.of(d.user());
    }
    return actor == null
        ? Optional.empty()
        : Optional.ofNullable(
            ApiSettings.usersOf(d.settings().get(ApiSettings.USERS.name()))
                .get(ApiUsers.fleetUser(actor)));
  }

  /** The cluster's API: its URL, user, credential, pinned certificate and settings. */
  private ApiTarget apiTarget(ClusterDefinition d) {
    return new ApiTarget(
        java.net.URI.create(d.settings().get(ApiSettings.URL.name())),
        d.user(),
        apiCredential(d),
        d.hostKeyFingerprint(),
        d.settings(),
        options);
  }

  /** The token file or signing key the entry names, {@code ~} expanded as key paths are. */
  private ApiCredential apiCredential(ClusterDefinition d) {
    String token = d.settings().get(ApiSettings.TOKEN_FILE.name());
    return token != null
        ? new ApiCredential(ApiCredential.Kind.TOKEN, store().keyFile(token))
        : new ApiCredential(
            ApiCredential.Kind.SIGNING_KEY,
            store().keyFile(d.settings().get(ApiSettings.SIGNING_KEY.name())));
  }

  /** The scheduler's adapter may route the commands (a Flux cluster's go to its own instance). */
  private CommandRunner instanceOf(RegisteredCluster cluster, CommandRunner runner) {
    ClusterDefinition d = cluster.definition();
    return adapters.find(d.scheduler()).map(a -> a.runnerFor(d, runner)).orElse(runner);
  }

  private void recordPresentedKey(
      RegisteredCluster cluster, SharedRunners.Lease lease, Actor actor) {
    lease
        .hostKeyFingerprint()
        .filter(presented -> cluster.governance() != null)
        .ifPresent(
            presented ->
                store()
                    .recordObservation(
                        cluster.name(),
                        new Fingerprints(current(cluster).sshKey(), presented),
                        actor));
  }
}
