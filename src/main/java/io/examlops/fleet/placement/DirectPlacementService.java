package io.examlops.fleet.placement;

import io.examlops.fleet.model.ActingToken;
import io.examlops.fleet.model.Actor;
import io.examlops.fleet.model.ClusterState;
import io.examlops.fleet.model.GpuHours;
import io.examlops.fleet.model.RegisteredCluster;
import io.examlops.fleet.model.Schedulability;
import io.examlops.fleet.model.TokenLimits;
import io.examlops.fleet.registry.Clusters;
import io.examlops.fleet.registry.JobRecords;
import io.examlops.fleet.registry.LatestNodes;
import io.examlops.fleet.registry.RegistryException;
import io.examlops.fleet.registry.Stores;
import io.examlops.fleet.scheduler.PreflightAsk;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Placement and preflight: where a job should run, and whether a cluster would take it now.
 * Placement reads stored snapshots (else the declared capabilities); preflight reaches the cluster
 * over its own transport. Stateless: safe to share between threads.
 */
public final class DirectPlacementService implements PlacementService {
  private final Clusters clusters;

  public DirectPlacementService(Clusters clusters) {
    this.clusters = clusters;
  }

  /**
   * Chooses the ACTIVE cluster with the most usable idle capacity for a job and says why every
   * other cluster lost; with {@link PlaceRequest#cluster()}, the partition a job should go to in
   * that cluster, by the same rule and data, refused unless the cluster may take work now.
   */
  public PlaceResult place(PlaceRequest request, ActingToken token) {
    // Read once per decision: every earlier submission not yet ended, which the snapshots may miss.
    Claims claims = Claims.of(clusters.stores().jobs(Stores.READER).unfinished(request.cluster()));
    List<PlacementCandidate> candidates = new ArrayList<>();
    if (request.cluster() != null) {
      candidates.add(
          candidate(clusters.connections().requireSchedulable(request.cluster()), claims));
    } else {
      clusters
          .connections()
          .store()
          .list()
          .forEach(cluster -> candidates.add(candidate(cluster, claims)));
    }
    return new Placement(Freshness.DEFAULT, token)
        .place(request, candidates, clusters.clock().instant());
  }

  /** Fail-fast checks of a cluster before submitting; reaches it over its own transport. */
  public PreflightResult preflight(Actor actor, PreflightRequest request) {
    PreflightAsk ask =
        new PreflightAsk(
            request.gpus(),
            request.nodes(),
            request.partition(),
            request.account(),
            request.timeLimit());
    RegisteredCluster cluster = clusters.connections().cluster(request.cluster());
    Optional<PreflightResult.Check> token = tokenCheck(actor.token(), request);
    if (token.isPresent() && token.get().status().equals(PreflightResult.FAIL)) {
      // what the token may not use is not reached at all
      return new PreflightResult(cluster.name(), PreflightResult.FAIL, List.of(token.get()));
    }
    PreflightTarget target =
        new PreflightTarget(cluster.name(), gate(cluster), LatestNodes.schedulerOf(cluster));
    PreflightReport report =
        clusters
            .connections()
            .withRunner(
                cluster,
                actor,
                runner ->
                    new Preflight(
                            clusters.adapters().probes(clusters.context()), clusters.adapters())
                        .run(target, ask, runner));
    List<PreflightResult.Check> checks = new ArrayList<>();
    token.ifPresent(checks::add);
    report.checks().stream()
        .map(c -> new PreflightResult.Check(c.name().name(), c.status().name(), c.reason()))
        .forEach(checks::add);
    return new PreflightResult(report.cluster(), report.overall().name(), checks);
  }

  /**
   * The {@code TOKEN} check of a request made with an API token that has limits: FAIL naming the
   * rule when the token may not use the cluster, partition or GPUs, or has no job or GPU-hours left
   * for the job; else PASS with what is left.
   */
  private Optional<PreflightResult.Check> tokenCheck(ActingToken token, PreflightRequest request) {
    if (token == null || !token.limits().limited()) {
      return Optional.empty();
    }
    TokenLimits limits = token.limits();
    String who = token.words();
    Instant now = clusters.clock().instant();
    JobRecords.TokenUse use =
        clusters
            .stores()
            .jobs(Stores.READER)
            .tokenUse(
                token.id(), limits.period() == null ? now : now.minus(limits.period().length()));
    Duration time = request.timeLimit();
    BigDecimal asked = time == null ? null : GpuHours.of(time, request.gpus());
    Optional<String> refused =
        limits
            .refusesCluster(who, request.cluster())
            .or(() -> limits.refusesGpus(who, request.gpus()))
            .or(
                () ->
                    request.partition() == null
                        ? Optional.empty()
                        : limits.refusesPartition(who, request.partition()))
            .or(() -> limits.refusesAnotherJob(who, use.unfinished()))
            .or(
                () ->
                    limits.refusesHours(
                        who, use.gpuHours(), asked == null ? BigDecimal.ZERO : asked));
    return Optional.of(
        refused
            .map(words -> new PreflightResult.Check("TOKEN", PreflightResult.FAIL, words))
            .orElseGet(
                () ->
                    new PreflightResult.Check(
                        "TOKEN",
                        "PASS",
                        "token "
                            + who
                            + ": "
                            + limits
                                .left(use.unfinished(), use.gpuHours())
                                .orElse("within its limits (" + limits.describe() + ")"))));
  }

  /** The approval gate's verdict in the words placement and preflight take. */
  private ClusterGate gate(RegisteredCluster cluster) {
    if (cluster.state() != ClusterState.ACTIVE) {
      return ClusterGate.inState(cluster.state().name());
    }
    Schedulability verdict;
    try {
      verdict = clusters.connections().schedulability(cluster);
    } catch (RegistryException e) {
      verdict = Schedulability.no(e.getMessage());
    }
    return verdict.schedulable() ? ClusterGate.active() : ClusterGate.refused(verdict.reason());
  }

  /** A closed gate ends the candidate's evaluation: nothing is read of a cluster not approved. */
  private PlacementCandidate candidate(RegisteredCluster cluster, Claims claims) {
    ClusterGate gate = gate(cluster);
    PlacementCandidate candidate =
        new PlacementCandidate(
            cluster.name(),
            gate,
            LatestNodes.schedulerOf(cluster),
            cluster.governance() == null ? null : cluster.governance().capabilities(),
            gate.open() ? clusters.latest().inventory(cluster) : null);
    // Nodes read live (the mock) already count every tracked job not yet ended as in use.
    return clusters.latest().readsLive(cluster) ? candidate : candidate.withClaims(claims);
  }
}
