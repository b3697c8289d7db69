package io.examlops.fleet.placement;

import io.examlops.fleet.model.PartitionInfo;
import io.examlops.fleet.model.QueueLimits;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * Whether the queue would take and start the job, from the limits and state the last probe read
 * (Flux queues: job-size limits, enabled, started). A queue that would refuse the job, or whose
 * jobs would wait because it is stopped, is no place for it, whatever its idle GPUs. Nothing known
 * of a queue: these rules do not apply.
 */
final class QueueFilters {
  private QueueFilters() {}

  static final List<PlacementFilter> ALL =
      List.of(
          new QueueFilter(
              new QueueState(
                  Rule.QUEUE_ENABLED,
                  QueueLimits::takesJobs,
                  "enabled",
                  "disabled",
                  "the scheduler refuses jobs submitted to it")),
          new QueueFilter(
              new QueueState(
                  Rule.QUEUE_STARTED,
                  QueueLimits::startsJobs,
                  "started",
                  "stopped",
                  "its jobs would wait")),
          new QueueFilter(QueueFilters::gpuLimit),
          new QueueFilter(QueueFilters::nodeLimit));

  /** One rule on a queue whose limits are known. */
  private interface QueueRule {
    Optional<Reason> check(PlaceRequest request, PartitionInfo queue, String partition);
  }

  private record QueueFilter(QueueRule rule) implements PlacementFilter {
    @Override
    public Optional<Reason> check(PlaceRequest request, Holdings holdings, String partition) {
      return holdings
          .queue(partition)
          .filter(q -> q.limits() != null)
          .flatMap(q -> rule.check(request, q, partition));
    }
  }

  /**
   * A queue state the job needs ({@code good} when {@code ok} holds), and what follows when it is
   * {@code bad}.
   */
  private record QueueState(
      Rule rule, Predicate<QueueLimits> ok, String good, String bad, String consequence)
      implements QueueRule {
    @Override
    public Optional<Reason> check(PlaceRequest request, PartitionInfo queue, String partition) {
      return Optional.of(
          ok.test(queue.limits())
              ? Reason.pass(rule, partition, good, good, name(queue) + " is " + good)
              : Reason.fail(
                  rule,
                  partition,
                  good,
                  bad,
                  name(queue) + " is " + bad + note(queue) + ": " + consequence));
    }
  }

  private static Optional<Reason> gpuLimit(
      PlaceRequest request, PartitionInfo queue, String partition) {
    Integer max = queue.limits().maxGpusPerJob();
    if (max == null) {
      return Optional.empty();
    }
    return Optional.of(
        request.gpus() > max
            ? Reason.fail(
                Rule.QUEUE_GPU_LIMIT,
                partition,
                request.gpus(),
                max,
                name(queue) + " takes at most " + request.gpusWords(max) + " per job")
            : Reason.pass(
                Rule.QUEUE_GPU_LIMIT,
                partition,
                request.gpus(),
                max,
                name(queue) + " takes up to " + request.gpusWords(max) + " per job"));
  }

  private static Optional<Reason> nodeLimit(
      PlaceRequest request, PartitionInfo queue, String partition) {
    Integer max = queue.limits().maxNodesPerJob();
    if (max == null) {
      return Optional.empty();
    }
    int nodes = request.nodes() == null ? 1 : request.nodes();
    String words = name(queue) + " takes " + (nodes > max ? "at most " : "up to ") + max;
    return Optional.of(
        nodes > max
            ? Reason.fail(Rule.QUEUE_NODE_LIMIT, partition, nodes, max, words + " node(s) per job")
            : Reason.pass(
                Rule.QUEUE_NODE_LIMIT, partition, nodes, max, words + " node(s) per job"));
  }

  private static String name(PartitionInfo queue) {
    return "queue " + queue.name();
  }

  private static String note(PartitionInfo queue) {
    QueueLimits limits = queue.limits();
    return limits.note() == null ? "" : " (" + limits.note() + ")";
  }
}
