package io.examlops.fleet.scheduling.preflight;

import io.examlops.fleet.discovery.Survey;
import io.examlops.fleet.model.PartitionInfo;
import io.examlops.fleet.scheduling.placement.ScopeCapacity;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * The partition, GPU and idle checks: pure functions of what the scheduler listed. A job submitted
 * without a partition lands in the default one, so that is where GPUs are counted.
 */
final class CapacityChecks {
  private final PreflightRequest request;
  private final Survey survey;
  private final String partition;

  private CapacityChecks(PreflightRequest request, Survey survey, String partition) {
    this.request = request;
    this.survey = survey;
    this.partition = partition;
  }

  /** The partition the job would run in: the asked one, the default one, or none. */
  static CapacityChecks of(PreflightRequest request, Survey survey) {
    String partition =
        request.partition() != null
            ? request.partition()
            : survey.caps().partitions().stream()
                .filter(PartitionInfo::isDefault)
                .map(PartitionInfo::name)
                .findFirst()
                .orElse(null);
    return new CapacityChecks(request, survey, partition);
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
              "no default partition; pass --partition (one of " + String.join(", ", names) + ")");
    }
    if (!exists()) {
      return Check.fail(
          CheckName.PARTITION,
          "no partition "
              + partition
              + (names.isEmpty() ? "" : " (partitions: " + String.join(", ", names) + ")"));
    }
    String which = (request.partition() == null ? "default partition " : "partition ") + partition;
    Long maxMinutes = info.map(PartitionInfo::maxTimeMinutes).orElse(null);
    if (request.time() != null
        && maxMinutes != null
        && request.time().compareTo(Duration.ofMinutes(maxMinutes)) > 0) {
      return Check.fail(
          CheckName.PARTITION,
          "--time "
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
              + "); allow more --nodes");
    }
    return Check.pass(
        CheckName.PARTITION,
        which
            + ", time limit "
            + (maxMinutes == null ? "none known" : minutes(Duration.ofMinutes(maxMinutes))));
  }

  Check gpusCheck() {
    ScopeCapacity scope = scope();
    String where = where();
    if (scope.totalGpus() < request.gpus()) {
      return Check.fail(
          CheckName.GPUS,
          "only " + gpus(scope.totalGpus()) + where + ", " + request.gpus() + " asked");
    }
    return Check.pass(
        CheckName.GPUS, gpus(scope.totalGpus()) + where + " on " + nodes(scope.nodes()));
  }

  Check idleCheck() {
    ScopeCapacity scope = scope();
    Boolean fits = scope.fitsNow(request.gpus(), request.nodeLimit());
    String idle = scope.knownIdleGpus() + " of " + scope.totalGpus() + " GPUs idle" + where();
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
