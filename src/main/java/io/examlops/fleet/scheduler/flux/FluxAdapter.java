package io.examlops.fleet.scheduler.flux;

import io.examlops.fleet.model.ClusterDefinition;
import io.examlops.fleet.model.NodeInfo;
import io.examlops.fleet.model.SchedulerKind;
import io.examlops.fleet.model.TrackedJob;
import io.examlops.fleet.scheduler.Check;
import io.examlops.fleet.scheduler.JobBackend;
import io.examlops.fleet.scheduler.NodeInventory;
import io.examlops.fleet.scheduler.SchedulerAdapter;
import io.examlops.fleet.scheduler.SchedulerContext;
import io.examlops.fleet.scheduler.SchedulerProbe;
import io.examlops.fleet.transport.CommandRunner;
import io.examlops.fleet.transport.Endpoint;
import java.util.List;
import java.util.Optional;

/**
 * Flux: one instance per cluster, pinned at registration ({@code flux_uri}); every later command
 * goes to it. Queue policy and flux-accounting banks are checked before submission.
 */
public final class FluxAdapter implements SchedulerAdapter {
  /** Flux runs jobs; a cluster may name its instance ({@code flux_uri}). */
  public static final SchedulerKind KIND = SchedulerKind.declare("flux", true, FluxUri.SETTING);

  @Override
  public SchedulerKind kind() {
    return KIND;
  }

  @Override
  public SchedulerProbe probe(SchedulerContext context) {
    return new FluxProbe();
  }

  @Override
  public Optional<JobBackend> backend(SchedulerContext context) {
    return Optional.of(new FluxBackend());
  }

  /** The Flux instance that answered the probe: the one every later command is sent to. */
  @Override
  public ClusterDefinition registering(ClusterDefinition definition, Endpoint endpoint) {
    try (CommandRunner runner = endpoint.open()) {
      return definition.withSetting(FluxUri.SETTING.name(), new FluxProbe().instanceUri(runner));
    }
  }

  /** A Flux cluster's commands go to its own instance, whatever FLUX_URI the caller has. */
  @Override
  public CommandRunner runnerFor(ClusterDefinition definition, CommandRunner runner) {
    return new FluxInstanceRunner(runner, instance(definition));
  }

  /**
   * Its URI and its nodes. A {@code local://} URI only names a socket on one host, so the nodes
   * tell two instances at the same path apart; the same instance registered locally and over SSH
   * has both equal.
   */
  @Override
  public String instanceIdentity(ClusterDefinition definition, NodeInventory nodes) {
    if (nodes == null) {
      return null;
    }
    String uri = instance(definition);
    return (uri == null ? "(default instance)" : uri)
        + " "
        + nodes.nodes().stream().map(NodeInfo::name).sorted().toList();
  }

  /** The cluster's {@code flux_uri}; {@code null}: the host's default instance. */
  private static String instance(ClusterDefinition definition) {
    return definition.settings().get(FluxUri.SETTING.name());
  }

  @Override
  public Optional<PolicyCheck> policyCheck() {
    return Optional.of(FluxQueueCheck::run);
  }

  @Override
  public Check accountCheck(CommandRunner runner, String user, String account, String partition) {
    return FluxBankCheck.run(runner, user, account, partition);
  }

  /**
   * Every form Flux prints (F58 with {@code ƒ} or {@code f}, decimal, hex, dothex, kvs; the
   * mnemonic words form is converted by the job's own cluster, {@code flux job id --to=dec}).
   */
  @Override
  public Optional<TrackedJob> findJob(String id, List<TrackedJob> jobs, ClusterCommands onCluster) {
    return FluxJobLookup.find(id, jobs, onCluster);
  }
}
