package io.examlops.fleet.placement;

import io.examlops.fleet.placement.Verdict.Outcome;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/** The one-line answers of placement, built from the filters' reasons and the chosen score. */
final class Explanations {
  /**
   * Rules on what the cluster holds, each implied by the one before: no such partition means no
   * GPUs there, too few GPUs means no nodes hold them. Only the first that fails is worth saying.
   */
  private static final Set<Rule> CAPACITY =
      EnumSet.of(Rule.PARTITION, Rule.GPU_TYPE, Rule.GPUS, Rule.GPUS_ON_NODES, Rule.NODES);

  private Explanations() {}

  /**
   * Why a cluster cannot hold the ask: every rule the whole cluster fails; then, for each partition
   * weighed, closest first, the first capacity rule it fails (unless the cluster's failures already
   * say it) and every queue rule it fails.
   *
   * @param cluster the reasons checked on the whole cluster
   * @param partitions the reasons of each partition weighed, the closest to holding the ask first
   */
  static String cannotFit(List<Reason> cluster, List<List<Reason>> partitions) {
    Set<String> said = new LinkedHashSet<>();
    cluster.stream().filter(Reason::failed).map(Reason::words).forEach(said::add);
    boolean capacitySaid = !said.isEmpty();
    for (List<Reason> reasons : partitions) {
      boolean first = !capacitySaid;
      for (Reason reason : reasons) {
        if (!reason.failed()) {
          continue;
        }
        if (!CAPACITY.contains(reason.rule())) {
          said.add(reason.words());
        } else if (first) {
          said.add(reason.words());
          first = false;
        }
      }
    }
    return String.join("; ", said);
  }

  /** {@code chose flux@lxp (partition batch) — 6/8 idle GPUs, ...}, and what it rests on. */
  static String chosen(PlaceRequest request, Verdict winner) {
    StringBuilder line = new StringBuilder("chose ").append(winner.label());
    if (winner.partition() != null) {
      line.append(" (partition ").append(winner.partition());
      if (!winner.reason().isEmpty()) {
        line.append(": ").append(winner.reason());
      }
      line.append(')');
    }
    line.append(" — ").append(winner.score().describe(request));
    if (winner.score().evidence() != Evidence.FRESH_SNAPSHOT) {
      line.append("; ").append(winner.data());
      if (winner.score().evidence() == Evidence.DECLARED) {
        line.append(", lower confidence");
      }
    }
    return line.append(claimed(winner)).toString();
  }

  /** {@code ; 2 of 8 idle GPUs claimed by ...} for the verdict's partition, or nothing. */
  static String claimed(Verdict verdict) {
    return verdict.reasons().stream()
        .filter(r -> r.rule() == Rule.CLAIMED)
        .filter(r -> Objects.equals(r.partition(), verdict.partition()))
        .findFirst()
        .map(r -> "; " + r.words())
        .orElse("");
  }

  static String none(PlaceRequest request, List<Verdict> rest) {
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
}
