package io.examlops.fleet.placement;

import io.examlops.fleet.model.NodeInfo;
import io.examlops.fleet.model.NodeState;
import io.examlops.fleet.model.PartitionInfo;
import io.examlops.fleet.scheduler.Check;
import io.examlops.fleet.scheduler.CheckName;
import io.examlops.fleet.scheduler.NodeInventory;
import io.examlops.fleet.scheduler.PreflightAsk;
import io.examlops.fleet.scheduler.StartEstimate;
import io.examlops.fleet.scheduler.Survey;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The partition, GPU and idle checks: pure functions of what the scheduler listed. They count where
 * the job would run: the asked partition; for a GPU job that names none, the partition placement
 * picks from the same listing (what submit sends it to); for a CPU-only job, the default partition.
 */
final class CapacityChecks {
  /** Preflight's listing is live: placement weighs it as a snapshot taken this instant. */
  private static final Instant LIVE = Instant.EPOCH;

  private final PreflightAsk request;
  private final Survey survey;
  private final String partition;
  private final boolean placementsChoice;

  private CapacityChecks(
      PreflightAsk request, Survey survey, String partition, boolean placementsChoice) {
    this.request = request;
    this.survey = survey;
    this.partition = partition;
    this.placementsChoice = placementsChoice;
  }

  /** The partition the job would run in: the asked one, placement's choice, the default, none. */
  static CapacityChecks of(PreflightTarget target, PreflightAsk request, Survey survey) {
    if (request.partition() != null) {
      return new CapacityChecks(request, survey, request.partition(), false);
    }
    if (request.gpus() > 0) {
      PlacementCandidate live =
          new PlacementCandidate(
              target.cluster(),
              ClusterGate.active(),
              target.scheduler(),
              survey.caps(),
              new NodeInventory(target.scheduler(), "live", LIVE, survey.nodes()));
      Verdict choice =
          new Placement(Freshness.DEFAULT)
              .placeIn(
                  new PlaceRequest(request.gpus(), request.nodes(), null, null, null), live, LIVE);
      if (choice.partition() != null) {
        return new CapacityChecks(request, survey, choice.partition(), true);
      }
    }
    String fallback =
        survey.caps().partitions().stream()
            .filter(PartitionInfo::isDefault)
            .map(PartitionInfo::name)
            .findFirst()
            .orElse(null);
    return new CapacityChecks(request, survey, fallback, false);
  }

  /** Empty when the asked partition does not exist: the GPU checks then cannot run. */
  Optional<String> partition() {
    return Optional.ofNullable(partition);
  }

  Check partitionCheck() {
    List<String> names = survey.caps().partitions().stream().map(PartitionInfo::name).toList();
    Optional<PartitionInfo> info =
        survey.caps().partitions().stream().filter(p -> p.name().equals(partition)).findFirst();
    if (partition == null) {
      return names.isEmpty()
          ? Check.pass(CheckName.PARTITION, "no partitions or queues: the whole cluster")
          : Check.warn(
              CheckName.PARTITION,
              "no default partition; name one (one of " + String.join(", ", names) + ")");
    }
    if (!exists()) {
      return Check.fail(
          CheckName.PARTITION,
          "no partition "
              + partition
              + (names.isEmpty() ? "" : " (partitions: " + String.join(", ", names) + ")"));
    }
    String which =
        (request.partition() != null
                ? "partition "
                : placementsChoice ? "placement's choice: partition " : "default partition ")
            + partition;
    Long maxMinutes = info.map(PartitionInfo::maxTimeMinutes).orElse(null);
    if (request.time() != null
        && maxMinutes != null
        && request.time().compareTo(Duration.ofMinutes(maxMinutes)) > 0) {
      return Check.fail(
          CheckName.PARTITION,
          "the time limit "
              + minutes(request.time())
              + " is over "
              + which
              + "'s limit of "
              + minutes(Duration.ofMinutes(maxMinutes)));
    }
    ScopeCapacity scope = scope();
    int slot = scope.largestSlot(request.nodeLimit());
    if (request.nodes() != null && slot < request.gpus() && scope.totalGpus() >= request.gpus()) {
      return Check.fail(
          CheckName.PARTITION,
          (request.nodes() == 1 ? "no node" : "no " + request.nodes() + " nodes")
              + " in "
              + which
              + (request.nodes() == 1 ? " holds " : " hold ")
              + request.gpus()
              + " GPUs (most: "
              + slot
              + "); allow more nodes");
    }
    return Check.pass(
        CheckName.PARTITION,
        which
            + ", time limit "
            + (maxMinutes == null ? "none known" : minutes(Duration.ofMinutes(maxMinutes))));
  }

  Check gpusCheck() {
    if (request.gpus() == 0) {
      return Check.pass(CheckName.GPUS, "CPU-only job: no GPUs asked");
    }
    ScopeCapacity scope = scope();
    String where = where();
    if (scope.totalGpus() < request.gpus()) {
      String hint =
          survey.nodes().stream().allMatch(n -> n.gpuCount() == 0)
              ? "; the cluster has no GPUs: ask for 0 GPUs for a CPU-only job"
              : "";
      return Check.fail(
          CheckName.GPUS,
          "only " + gpus(scope.totalGpus()) + where + ", " + request.gpus() + " asked" + hint);
    }
    return Check.pass(
        CheckName.GPUS, gpus(scope.totalGpus()) + where + " on " + nodes(scope.nodes()));
  }

  /**
   * The idle check, settled by the scheduler's own estimate where it gave one: idle GPUs do not say
   * whether higher-priority pending jobs, or nodes held for them, come first.
   *
   * @param scheduler the scheduler's name for the words
   */
  Check idleCheck(StartEstimate estimate, String scheduler) {
    String said = estimate.describe(scheduler);
    return switch (estimate.kind()) {
      case NOW -> Check.pass(CheckName.IDLE, idleFigures() + "; " + said);
      case LATER -> Check.warn(CheckName.IDLE, idleFigures() + "; " + said);
      case REFUSED -> Check.fail(CheckName.IDLE, said);
      case UNAVAILABLE -> {
        Check counted = idleCheck();
        yield new Check(CheckName.IDLE, counted.status(), counted.reason() + "; " + said);
      }
    };
  }

  private String idleFigures() {
    if (request.gpus() == 0) {
      return idleNodes() + " of " + nodes(nodesInPartition().size()) + " idle" + where();
    }
    ScopeCapacity scope = scope();
    return scope.knownIdleGpus() + " of " + scope.totalGpus() + " GPUs idle" + where();
  }

  private List<NodeInfo> nodesInPartition() {
    return survey.nodes().stream().filter(n -> n.inPartition(partition)).toList();
  }

  private long idleNodes() {
    return nodesInPartition().stream().filter(n -> n.state() == NodeState.IDLE).count();
  }

  Check idleCheck() {
    if (request.gpus() == 0) {
      return idleNodesCheck();
    }
    ScopeCapacity scope = scope();
    Boolean fits = scope.fitsNow(request.gpus(), request.nodeLimit());
    String idle = idleFigures();
    if (Boolean.TRUE.equals(fits)) {
      int needed = scope.nodesNeeded(request.gpus());
      return Check.pass(
          CheckName.IDLE, idle + "; " + request.gpus() + " fit on " + nodes(needed) + " now");
    }
    if (fits == null) {
      return Check.warn(
          CheckName.IDLE,
          idle
              + "; unknown whether "
              + request.gpus()
              + " are free now ("
              + nodes(scope.unknownIdleNodes())
              + " without a GPU use figure)");
    }
    return Check.warn(
        CheckName.IDLE,
        idle
            + "; not enough free"
            + (request.nodes() == null ? "" : " on " + nodes(request.nodes()))
            + " now: the job will wait");
  }

  /** A CPU-only job waits for nodes, not GPUs. */
  private Check idleNodesCheck() {
    long idle = idleNodes();
    int asked = request.nodes() == null ? 1 : request.nodes();
    String figures = idleFigures();
    return idle >= asked
        ? Check.pass(CheckName.IDLE, figures + "; " + nodes(asked) + " free now")
        : Check.warn(CheckName.IDLE, figures + "; not enough free now: the job will wait");
  }

  private boolean exists() {
    return survey.caps().partitions().stream().anyMatch(p -> p.name().equals(partition))
        || survey.nodes().stream().anyMatch(n -> n.partitions().contains(partition));
  }

  boolean partitionMissing() {
    return partition != null && !exists();
  }

  private ScopeCapacity scope() {
    return ScopeCapacity.of(survey.nodes(), partition, null);
  }

  private String where() {
    return partition == null ? "" : " in partition " + partition;
  }

  private static String gpus(int count) {
    return count + (count == 1 ? " GPU" : " GPUs");
  }

  private static String nodes(int count) {
    return count + (count == 1 ? " node" : " nodes");
  }

  private static String minutes(Duration d) {
    long m = d.toMinutes();
    if (m % (24 * 60) == 0) {
      return (m / (24 * 60)) + (m == 24 * 60 ? " day" : " days");
    }
    return m % 60 == 0 ? (m / 60) + " h" : m + " min";
  }
}
