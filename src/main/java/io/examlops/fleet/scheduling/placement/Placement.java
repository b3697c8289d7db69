package io.examlops.fleet.scheduling.placement;

import io.examlops.fleet.discovery.NodeInventory;
import io.examlops.fleet.model.ClusterCaps;
import io.examlops.fleet.model.NodeInfo;
import io.examlops.fleet.model.NodeState;
import io.examlops.fleet.model.PartitionInfo;
import io.examlops.fleet.model.placement.Evidence;
import io.examlops.fleet.model.placement.PlacementRequest;
import io.examlops.fleet.model.placement.PlacementResult;
import io.examlops.fleet.model.placement.Score;
import io.examlops.fleet.model.placement.Verdict;
import io.examlops.fleet.model.placement.Verdict.Outcome;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Picks the cluster for a job ({@code exa hpc place}): a pure function of the request, the
 * registered clusters and the time. Closed clusters are skipped; the rest are filtered by what they
 * hold in total and ranked by what is free now ({@link Ranking}). See {@code
 * docs/scheduling.md}.
 */
public final class Placement {
  private final Freshness freshness;

  public Placement(Freshness freshness) {
    this.freshness = Objects.requireNonNull(freshness, "freshness");
  }

  public PlacementResult place(
      PlacementRequest request, List<PlacementCandidate> candidates, Instant now) {
    List<Verdict> ranked = new ArrayList<>();
    List<Verdict> rest = new ArrayList<>();
    for (PlacementCandidate candidate : candidates) {
      Verdict verdict = assess(request, candidate, now);
      (verdict.outcome() == Outcome.LOST ? ranked : rest).add(verdict);
    }
    ranked.sort(Ranking.VERDICTS);
    rest.sort(Comparator.comparing(Verdict::outcome).thenComparing(Verdict::cluster));
    List<Verdict> all = new ArrayList<>();
    if (ranked.isEmpty()) {
      all.addAll(rest);
      return new PlacementResult(request, noneExplanation(request, rest), all);
    }
    Verdict winner = ranked.get(0);
    String explanation = chosenExplanation(request, winner);
    all.add(winner.as(Outcome.CHOSEN, explanation));
    ranked.stream()
        .skip(1)
        .map(v -> v.as(Outcome.LOST, Ranking.whyLost(v, winner, request)))
        .forEach(all::add);
    all.addAll(rest);
    return new PlacementResult(request, explanation, all);
  }

  /**
   * Placement inside one cluster: the partition (or queue) a job that names none goes to, with its
   * figures, or why the cluster cannot hold it. The one partition choice that place, preflight,
   * submit and pipeline run share.
   */
  public Verdict placeIn(PlacementRequest request, PlacementCandidate candidate, Instant now) {
    return place(request, List.of(candidate), now).verdicts().get(0);
  }

  private Verdict assess(PlacementRequest request, PlacementCandidate candidate, Instant now) {
    if (!candidate.gate().open()) {
      return verdict(
          candidate, Outcome.SKIPPED, candidate.gate().whyClosed(), null, null, "", null);
    }
    NodeInventory snapshot = candidate.snapshot();
    Duration age = snapshot == null ? null : Duration.between(snapshot.takenAt(), now);
    Evidence evidence = age == null ? Evidence.DECLARED : freshness.classify(age);
    if (evidence != Evidence.DECLARED) {
      String data =
          "snapshot "
              + Ages.describe(age)
              + " old"
              + (evidence == Evidence.STALE_SNAPSHOT ? " (stale)" : "");
      return request.cpuOnly()
          ? cpuOnly(request, candidate, snapshot.nodes(), evidence, data, age)
          : fromSnapshot(request, candidate, snapshot.nodes(), evidence, data, age);
    }
    String snapshotNote =
        age == null
            ? "no snapshot"
            : "snapshot "
                + Ages.describe(age)
                + " old, past the "
                + Ages.describe(freshness.ignoreAfter())
                + " limit";
    if (candidate.declared() == null) {
      return verdict(
          candidate,
          Outcome.SKIPPED,
          snapshotNote
              + " and no declared capabilities (save a snapshot of its nodes)",
          null,
          null,
          snapshotNote,
          age);
    }
    String data = snapshotNote + ": declared capabilities only";
    return fromDeclared(request, candidate, candidate.declared(), data, age);
  }

  private static Verdict fromSnapshot(
      PlacementRequest request,
      PlacementCandidate candidate,
      List<NodeInfo> nodes,
      Evidence evidence,
      String data,
      Duration age) {
    if (request.partition() != null
        && nodes.stream().noneMatch(n -> n.inPartition(request.partition()))) {
      return verdict(
          candidate,
          Outcome.CANNOT_FIT,
          "no partition " + request.partition(),
          request.partition(),
          null,
          data,
          age);
    }
    if (request.gpuType() != null
        && nodes.stream().allMatch(n -> n.gpuCount(request.gpuType()) == 0)) {
      return verdict(
          candidate,
          Outcome.CANNOT_FIT,
          "no " + request.gpuType(),
          request.partition(),
          null,
          data,
          age);
    }
    List<ScopeCapacity> scopes = scopes(request, nodes);
    Optional<ScopeCapacity> best =
        scopes.stream()
            .filter(s -> unfit(request, s).isEmpty())
            .filter(s -> QueueGate.refusal(candidate.declared(), request, s.partition()).isEmpty())
            .min(
                Comparator.comparing(
                        (ScopeCapacity s) -> s.score(evidence, request), Ranking.SCORES)
                    .thenComparing(s -> s.partition() == null ? "" : s.partition()));
    if (best.isPresent()) {
      ScopeCapacity scope = best.get();
      return verdict(
          candidate,
          Outcome.LOST,
          "",
          scope.partition(),
          scope.score(evidence, request),
          data,
          age);
    }
    ScopeCapacity largest =
        scopes.stream()
            .min(
                Comparator.comparingInt(ScopeCapacity::totalGpus)
                    .reversed()
                    .thenComparing(s -> s.partition() == null ? "" : s.partition()))
            .orElseThrow();
    return verdict(
        candidate,
        Outcome.CANNOT_FIT,
        unfit(request, largest)
            .or(() -> QueueGate.refusal(candidate.declared(), request, largest.partition()))
            .orElseThrow(),
        largest.partition(),
        null,
        data,
        age);
  }

  /**
   * A job without GPUs goes where it is asked, else to the scheduler's default partition (a CPU job
   * has no business on GPU nodes), and needs as many nodes that take work as it asks for.
   */
  private static Verdict cpuOnly(
      PlacementRequest request,
      PlacementCandidate candidate,
      List<NodeInfo> nodes,
      Evidence evidence,
      String data,
      Duration age) {
    List<NodeInfo> scope = nodes.stream().filter(n -> n.inPartition(request.partition())).toList();
    String where = request.partition() == null ? "" : " in partition " + request.partition();
    if (scope.isEmpty()) {
      return verdict(
          candidate, Outcome.CANNOT_FIT, "no nodes" + where, request.partition(), null, data, age);
    }
    int usable = (int) scope.stream().filter(n -> n.state().acceptsWork()).count();
    int idle = (int) scope.stream().filter(n -> n.state() == NodeState.IDLE).count();
    int asked = request.nodes() == null ? 1 : request.nodes();
    if (usable < asked) {
      return verdict(
          candidate,
          Outcome.CANNOT_FIT,
          "only " + Score.nodesWord(usable) + " take work" + where + " (" + asked + " asked)",
          request.partition(),
          null,
          data,
          age);
    }
    Score score = new Score(evidence, idle >= asked, idle >= asked ? asked : null, 0, 0, 0, usable,
        idle);
    return verdict(candidate, Outcome.LOST, "", request.partition(), score, data, age);
  }

  /**
   * The partitions to weigh: the asked one; else each partition with GPUs of the type, by name;
   * else (no partitions, e.g. Flux without queues) the whole cluster.
   */
  private static List<ScopeCapacity> scopes(PlacementRequest request, List<NodeInfo> nodes) {
    if (request.partition() != null) {
      return List.of(ScopeCapacity.of(nodes, request.partition(), request.gpuType()));
    }
    List<String> partitions =
        nodes.stream()
            .filter(n -> n.gpuCount(request.gpuType()) > 0)
            .flatMap(n -> n.partitions().stream())
            .distinct()
            .sorted()
            .toList();
    if (partitions.isEmpty()) {
      return List.of(ScopeCapacity.of(nodes, null, request.gpuType()));
    }
    return partitions.stream().map(p -> ScopeCapacity.of(nodes, p, request.gpuType())).toList();
  }

  /** Why a partition cannot hold the ask even when everything in it is free; empty when it can. */
  static Optional<String> unfit(PlacementRequest request, ScopeCapacity scope) {
    String inPartition = scope.partition() == null ? "" : " in partition " + scope.partition();
    if (scope.totalGpus() == 0) {
      return Optional.of(
          "no " + (request.gpuType() == null ? "GPUs" : request.gpuType()) + inPartition);
    }
    if (scope.totalGpus() < request.gpus()) {
      return Optional.of(
          "only "
              + request.gpusWords(scope.totalGpus())
              + (scope.partition() == null ? " in total" : inPartition));
    }
    int slot = scope.largestSlot(request.nodeLimit());
    if (slot < request.gpus()) {
      String nodes =
          request.nodes() == 1 ? "no node has " : "no " + request.nodes() + " nodes have ";
      return Optional.of(
          nodes
              + request.gpusWords(request.gpus())
              + (request.nodes() == 1 ? "" : " together")
              + inPartition
              + " (most: "
              + slot
              + ")");
    }
    return Optional.empty();
  }

  private static Verdict fromDeclared(
      PlacementRequest request,
      PlacementCandidate candidate,
      ClusterCaps caps,
      String data,
      Duration age) {
    String suffix = " (declared)";
    if (request.partition() != null
        && caps.partitions().stream()
            .map(PartitionInfo::name)
            .noneMatch(request.partition()::equals)) {
      return verdict(
          candidate,
          Outcome.CANNOT_FIT,
          "no partition " + request.partition() + suffix,
          request.partition(),
          null,
          data,
          age);
    }
    if (request.gpuType() != null
        && caps.gpuTypes().stream().noneMatch(request.gpuType()::equalsIgnoreCase)) {
      return verdict(
          candidate,
          Outcome.CANNOT_FIT,
          "no " + request.gpuType() + suffix,
          request.partition(),
          null,
          data,
          age);
    }
    // Declared totals are per cluster, not per type or partition: an upper bound, checked as such.
    int asked = request.nodes() == null ? 1 : request.nodes();
    boolean tooFew = request.cpuOnly() ? caps.nodes() < asked : caps.gpus() < request.gpus();
    if (tooFew) {
      String total =
          request.cpuOnly()
              ? Score.nodesWord(caps.nodes())
              : caps.gpus() == 1 ? "1 GPU" : caps.gpus() + " GPUs";
      return verdict(
          candidate,
          Outcome.CANNOT_FIT,
          "only " + total + " in total" + suffix,
          request.partition(),
          null,
          data,
          age);
    }
    return verdict(
        candidate,
        Outcome.LOST,
        "",
        request.partition(),
        Score.declared(caps.gpus(), caps.nodes()),
        data,
        age);
  }

  private static String chosenExplanation(PlacementRequest request, Verdict winner) {
    StringBuilder line = new StringBuilder("chose ").append(winner.label());
    if (winner.partition() != null) {
      line.append(" (partition ").append(winner.partition()).append(')');
    }
    line.append(" — ").append(winner.score().describe(request));
    if (winner.score().evidence() != Evidence.FRESH_SNAPSHOT) {
      line.append("; ").append(winner.data());
      if (winner.score().evidence() == Evidence.DECLARED) {
        line.append(", lower confidence");
      }
    }
    return line.toString();
  }

  private static String noneExplanation(PlacementRequest request, List<Verdict> rest) {
    String ask = request.askWords();
    if (rest.isEmpty()) {
      return "no cluster for " + ask + ": none is registered";
    }
    if (rest.stream().allMatch(v -> v.outcome() == Outcome.SKIPPED)) {
      return "no cluster for "
          + ask
          + ": none of "
          + rest.size()
          + " registered clusters is ACTIVE with its approval holding";
    }
    return "no cluster can hold " + ask + ": see each cluster's reason";
  }

  private static Verdict verdict(
      PlacementCandidate candidate,
      Outcome outcome,
      String reason,
      String partition,
      Score score,
      String data,
      Duration age) {
    return new Verdict(
        candidate.name(), candidate.label(), outcome, reason, partition, score, data, age);
  }
}
