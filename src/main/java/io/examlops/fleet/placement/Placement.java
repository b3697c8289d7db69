package io.examlops.fleet.placement;

import io.examlops.fleet.model.ActingToken;
import io.examlops.fleet.model.PartitionInfo;
import io.examlops.fleet.model.TokenLimits;
import io.examlops.fleet.placement.Verdict.Outcome;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Picks the cluster for a job ({@code exa hpc place}): a pure function of the request, the
 * registered clusters and the time. In the manner of a scheduler framework: filters say, each for
 * one rule, whether a cluster (and each of its partitions) can ever hold the ask, every answer is
 * kept; scorers rank what passed by what is free now ({@link Ranking}). See {@code
 * docs/scheduling.md}.
 */
public final class Placement {
  /** Rules on the whole cluster, checked once. */
  private static final List<PlacementFilter> CLUSTER_FILTERS =
      List.of(new PartitionFilter(), new GpuTypeFilter());

  /** Rules on each partition weighed. */
  private static final List<PlacementFilter> PARTITION_FILTERS =
      concat(
          List.of(new GpuCountFilter(), new GpusOnNodesFilter(), new NodeCountFilter()),
          concat(QueueFilters.ALL, List.of(new ClaimsFilter())));

  private final Freshness freshness;

  /** The request's API token, whose limits are one more filter; {@code null}: none. */
  private final ActingToken token;

  public Placement(Freshness freshness) {
    this(freshness, null);
  }

  public Placement(Freshness freshness, ActingToken token) {
    this.freshness = Objects.requireNonNull(freshness, "freshness");
    this.token = token;
  }

  public PlaceResult place(PlaceRequest request, List<PlacementCandidate> candidates, Instant now) {
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
      return PlaceResult.of(request, Explanations.none(request, rest), all);
    }
    Verdict winner = ranked.get(0);
    String explanation = Explanations.chosen(request, winner);
    all.add(winner.as(Outcome.CHOSEN, explanation));
    ranked.stream()
        .skip(1)
        .map(v -> v.as(Outcome.LOST, Ranking.whyLost(v, winner, request) + Explanations.claimed(v)))
        .forEach(all::add);
    all.addAll(rest);
    return PlaceResult.of(request, explanation, all);
  }

  /**
   * Placement inside one cluster: the partition (or queue) a job that names none goes to, with its
   * figures, or why the cluster cannot hold it. The one partition choice that place, preflight,
   * submit and pipeline run share.
   */
  public Verdict placeIn(PlaceRequest request, PlacementCandidate candidate, Instant now) {
    return place(request, List.of(candidate), now).candidates().get(0);
  }

  /** One partition weighed: every filter's answer, and its figures when it passed them all. */
  private record Weighed(String partition, int gpus, List<Reason> reasons, Score score) {}

  private Verdict assess(PlaceRequest request, PlacementCandidate candidate, Instant now) {
    List<Reason> reasons = new ArrayList<>();
    Reason approval = ApprovalFilter.check(candidate.gate());
    reasons.add(approval);
    if (approval.failed()) {
      return verdict(candidate, Outcome.SKIPPED, approval.words(), null, null, "", null, reasons);
    }
    Optional<Reason> refused = tokenRefuses(candidate.name(), request);
    if (refused.isPresent()) {
      reasons.add(refused.get());
      return verdict(
          candidate, Outcome.SKIPPED, refused.get().words(), null, null, "", null, reasons);
    }
    DataFilter.Data data = DataFilter.check(candidate, freshness, now);
    reasons.add(data.reason());
    Holdings holdings = data.holdings();
    if (holdings == null) {
      return verdict(
          candidate,
          Outcome.SKIPPED,
          data.reason().words(),
          null,
          null,
          data.data(),
          data.age(),
          reasons);
    }
    List<Reason> cluster = check(CLUSTER_FILTERS, request, holdings, null);
    reasons.addAll(cluster);
    boolean clusterFits = cluster.stream().noneMatch(Reason::failed);
    String defaultPartition = holdings.queue(null).map(PartitionInfo::name).orElse(null);
    List<Weighed> weighed = new ArrayList<>();
    for (String partition : holdings.scopes(request)) {
      List<Reason> checked = check(PARTITION_FILTERS, request, holdings, partition);
      tokenRefusesPartition(partition == null ? defaultPartition : partition, partition)
          .ifPresent(checked::add);
      reasons.addAll(checked);
      Score score =
          clusterFits && checked.stream().noneMatch(Reason::failed)
              ? holdings.score(data.evidence(), request, partition)
              : null;
      weighed.add(new Weighed(partition, holdings.gpus(request, partition), checked, score));
    }
    Optional<Weighed> best =
        weighed.stream().filter(w -> w.score() != null).min(choice(holdings, defaultPartition));
    if (best.isPresent()) {
      return verdict(
          candidate,
          Outcome.LOST,
          request.partition() == null
              ? PartitionChoice.words(
                  best.get().partition(),
                  defaultPartition,
                  weighed.stream()
                      .anyMatch(
                          w ->
                              w.score() != null && Objects.equals(w.partition(), defaultPartition)))
              : "",
          best.get().partition(),
          best.get().score(),
          data.data(),
          data.age(),
          reasons);
    }
    // The partition that comes closest first: the most GPUs, then by name.
    List<Weighed> closest =
        weighed.stream()
            .sorted(
                Comparator.comparingInt(Weighed::gpus)
                    .reversed()
                    .thenComparing(w -> w.partition() == null ? "" : w.partition()))
            .toList();
    return verdict(
        candidate,
        Outcome.CANNOT_FIT,
        Explanations.cannotFit(cluster, closest.stream().map(Weighed::reasons).toList()),
        closest.get(0).partition(),
        null,
        data.data(),
        data.age(),
        reasons);
  }

  /**
   * The partition a job that names none goes to, among those that pass every filter (so none whose
   * time limit is shorter than the job's): the one that fits now before one where it would wait;
   * among equals, the cluster's default partition, then the most room ({@link Ranking#SCORES}),
   * then the longest time limit (Slurm gives a job without {@code -t} its partition's default time,
   * which a short debug partition keeps short), then the name.
   */
  private static Comparator<Weighed> choice(Holdings holdings, String defaultPartition) {
    return Comparator.comparing(Weighed::score, Ranking.FITS_NOW)
        .thenComparing(w -> defaultPartition == null || !defaultPartition.equals(w.partition()))
        .thenComparing(Weighed::score, Ranking.SCORES)
        .thenComparing(
            w -> holdings.queue(w.partition()).map(PartitionInfo::maxTimeMinutes).orElse(null),
            Comparator.nullsFirst(Comparator.<Long>reverseOrder()))
        .thenComparing(w -> w.partition() == null ? "" : w.partition());
  }

  /** The token's answer on the whole cluster: may it use the cluster, and this many GPUs a job. */
  private Optional<Reason> tokenRefuses(String cluster, PlaceRequest request) {
    if (token == null) {
      return Optional.empty();
    }
    TokenLimits limits = token.limits();
    return limits
        .refusesCluster(token.words(), cluster)
        .map(words -> Reason.fail(Rule.TOKEN, null, cluster, limits.describe(), words))
        .or(
            () ->
                limits
                    .refusesGpus(token.words(), request.gpus())
                    .map(
                        words ->
                            Reason.fail(
                                Rule.TOKEN, null, request.gpus(), limits.describe(), words)));
  }

  /** The token's answer on one partition ({@code name}: the partition, or the default's name). */
  private Optional<Reason> tokenRefusesPartition(String name, String partition) {
    if (token == null) {
      return Optional.empty();
    }
    return token
        .limits()
        .refusesPartition(token.words(), name)
        .map(
            words ->
                Reason.fail(
                    Rule.TOKEN,
                    partition,
                    name == null ? "the default partition" : name,
                    token.limits().describe(),
                    words));
  }

  private static List<Reason> check(
      List<PlacementFilter> filters, PlaceRequest request, Holdings holdings, String where) {
    List<Reason> answers = new ArrayList<>();
    for (PlacementFilter filter : filters) {
      filter.check(request, holdings, where).ifPresent(answers::add);
    }
    return answers;
  }

  private static Verdict verdict(
      PlacementCandidate candidate,
      Outcome outcome,
      String reason,
      String partition,
      Score score,
      String data,
      Duration age,
      List<Reason> reasons) {
    return new Verdict(
        candidate.name(), candidate.label(), outcome, reason, partition, score, data, age, reasons);
  }

  private static <T> List<T> concat(List<T> first, List<T> second) {
    List<T> all = new ArrayList<>(first);
    all.addAll(second);
    return List.copyOf(all);
  }
}
