package io.examlops.fleet.scheduler.flux;

import io.examlops.fleet.scheduler.Check;
import io.examlops.fleet.scheduler.CheckName;
import io.examlops.fleet.scheduler.PreflightAsk;
import io.examlops.fleet.scheduler.ProbeException;
import io.examlops.fleet.transport.CommandResult;
import io.examlops.fleet.transport.CommandRunner;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The {@link CheckName#POLICY} check of a Flux cluster: what {@code flux submit} would decide about
 * the job before it queues it (the queue's duration default and limit, its job-size limits, whether
 * it is enabled) and whether the job would then start (a stopped queue accepts jobs that wait). Two
 * read-only commands: {@code flux config get} and {@code flux queue status}.
 */
public final class FluxQueueCheck {
  private FluxQueueCheck() {}

  /**
   * @param queue the queue the job goes to; {@code null}: the instance's default queue
   */
  public static Check run(CommandRunner runner, PreflightAsk request, String queue) {
    CommandResult config = runner.run(FluxCommands.CONFIG);
    if (!config.ok()) {
      return Check.warn(
          CheckName.POLICY,
          FluxCommands.failed(FluxCommands.CONFIG, config) + ": queue limits not checked");
    }
    Optional<FluxQueuePolicy> found;
    try {
      found = FluxConfigParser.parsePolicies(FluxCommands.CONFIG, config.stdout()).forQueue(queue);
    } catch (ProbeException e) {
      return Check.warn(CheckName.POLICY, e.getMessage() + ": queue limits not checked");
    }
    if (found.isEmpty()) {
      return Check.fail(
          CheckName.POLICY, "the instance has queues but none is the default; name a queue");
    }
    FluxQueuePolicy policy = found.get();
    int nodes = request.nodes() == null ? 1 : request.nodes();
    // One slot per node with one core each: what the fleet's flux batch line asks for.
    Optional<String> refusal = policy.refusal(nodes, nodes, request.gpus(), request.time());
    if (refusal.isPresent()) {
      return Check.fail(CheckName.POLICY, "Flux would refuse the job: " + refusal.get());
    }
    return state(runner, policy.queue());
  }

  private static Check state(CommandRunner runner, String queue) {
    CommandResult status = runner.run(FluxCommands.QUEUE_STATUS);
    if (!status.ok()) {
      return Check.warn(
          CheckName.POLICY,
          "within the queue's limits, but "
              + FluxCommands.failed(FluxCommands.QUEUE_STATUS, status)
              + ": whether the queue is enabled and started is unknown");
    }
    List<FluxQueueState> states;
    try {
      states = FluxQueueStatusParser.parse(FluxCommands.QUEUE_STATUS, status.stdout());
    } catch (ProbeException e) {
      return Check.warn(CheckName.POLICY, e.getMessage());
    }
    Optional<FluxQueueState> state =
        states.stream().filter(s -> Objects.equals(s.queue(), queue)).findFirst();
    if (state.isEmpty()) {
      return Check.warn(
          CheckName.POLICY,
          "within the queue's limits; `" + FluxCommands.QUEUE_STATUS + "` does not list it");
    }
    FluxQueueState s = state.get();
    if (!s.enabled()) {
      return Check.fail(CheckName.POLICY, s.disabledInWords() + ": Flux refuses submissions to it");
    }
    if (!s.started()) {
      return Check.warn(
          CheckName.POLICY,
          s.stoppedInWords()
              + ": Flux accepts the job but it waits until an admin starts the queue (flux queue"
              + " start"
              + (queue == null ? "" : " " + queue)
              + ")");
    }
    return Check.pass(CheckName.POLICY, s.label() + " is enabled and started; within its limits");
  }
}
