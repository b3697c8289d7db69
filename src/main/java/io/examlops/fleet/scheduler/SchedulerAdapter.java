package io.examlops.fleet.scheduler;

import io.examlops.fleet.model.ClusterDefinition;
import io.examlops.fleet.model.RegisteredCluster;
import io.examlops.fleet.model.SchedulerKind;
import io.examlops.fleet.model.TrackedJob;
import io.examlops.fleet.transport.CommandResult;
import io.examlops.fleet.transport.CommandRunner;
import io.examlops.fleet.transport.Endpoint;
import java.util.List;
import java.util.Optional;

/**
 * Everything HPC Fleet knows of one scheduler: how to detect and read it, how to run jobs on it,
 * the preflight checks only it can make. One implementation per scheduler, in its own package
 * ({@code scheduler.slurm}, {@code .flux}, {@code .nvidia}, {@code .mock}), which declares its
 * {@link SchedulerKind} (label, settings) and is registered in {@link SchedulerAdapters}; nothing
 * else in the code asks which scheduler a cluster runs. See {@code docs/discovery.md}, "Adding a
 * scheduler".
 */
public interface SchedulerAdapter {

  /** The scheduler this adapter serves; its label is what clusters.yaml and JSON carry. */
  SchedulerKind kind();

  /** The probe that reads this scheduler's nodes and capabilities. */
  SchedulerProbe probe(SchedulerContext context);

  /**
   * Whether detection tries this adapter's probe. A scheduler that is only ever declared (the mock)
   * is never detected; it is registered on this machine without probing.
   */
  default boolean detectable() {
    return true;
  }

  /**
   * Whether this adapter's probe reads the GPU devices themselves (model, memory, MIG) on any host
   * that has them, whatever manages it: detection then asks it for the device detail of a scheduler
   * that reports GPU counts only, and {@code exa hpc gpus} reads the devices with it.
   */
  default boolean describesDevices() {
    return false;
  }

  /**
   * How jobs are submitted, listed, followed and cancelled; empty for a kind that runs no jobs (a
   * bare nvidia-smi host).
   */
  Optional<JobBackend> backend(SchedulerContext context);

  /**
   * Why a host this adapter detected cannot be registered, in words; empty when it can. Called only
   * for kinds that run no jobs.
   */
  default String whyNotRegistrable(String target) {
    return target + " runs " + kind().label() + ", which takes no jobs";
  }

  /**
   * The definition to register for a host this adapter detected at {@code endpoint} (Flux pins the
   * instance that answered); the endpoint is opened only by an adapter that needs more from it.
   */
  default ClusterDefinition registering(ClusterDefinition definition, Endpoint endpoint) {
    return definition;
  }

  /** The runner a registered cluster's commands go through (Flux: to its own instance). */
  default CommandRunner runnerFor(ClusterDefinition definition, CommandRunner runner) {
    return runner;
  }

  /**
   * Whether placement and capacity read this scheduler's nodes live ({@link #liveInventory}), as
   * the mock's cost nothing to read and so are never stale, rather than from stored snapshots.
   */
  default boolean readsLive() {
    return false;
  }

  /** The nodes now, for a scheduler that {@link #readsLive()}. */
  default NodeInventory liveInventory(RegisteredCluster cluster, SchedulerContext context) {
    throw new UnsupportedOperationException(kind().label() + " nodes are read from snapshots");
  }

  /**
   * What names the scheduler instance however it is reached, so that capacity counts an instance
   * registered twice once; {@code null} when two clusters are never the same instance.
   */
  default String instanceIdentity(ClusterDefinition definition, NodeInventory nodes) {
    return null;
  }

  /**
   * The {@link CheckName#POLICY} check, for a scheduler that decides at submission whether a queue
   * takes a job; empty when it has none (the check is then not reported).
   */
  default Optional<PolicyCheck> policyCheck() {
    return Optional.empty();
  }

  /**
   * The scheduler's own estimate of when a job would start, refining the {@link CheckName#IDLE}
   * check; empty for a scheduler that gives none (the check then rests on the idle counts alone).
   */
  default Optional<StartEstimator> startEstimator() {
    return Optional.empty();
  }

  /**
   * The {@link CheckName#ACCOUNT} check when accounting is present and the remote user is known:
   * whether {@code user} may charge {@code account} (null: any) in {@code partition}.
   *
   * @throws io.examlops.fleet.scheduler.ProbeException when the accounting answer cannot be read
   */
  default Check accountCheck(CommandRunner runner, String user, String account, String partition) {
    return Check.pass(
        CheckName.ACCOUNT, "no accounting for " + kind().label() + ": account not checked");
  }

  /**
   * A tracked job of this scheduler by another spelling of its id than the stored one; {@code jobs}
   * are this scheduler's tracked jobs, {@code onCluster} runs a read-only query on one of their
   * clusters.
   */
  default Optional<TrackedJob> findJob(
      String id, List<TrackedJob> jobs, ClusterCommands onCluster) {
    return Optional.empty();
  }

  /** The POLICY check: whether the queue would take the job as asked. */
  @FunctionalInterface
  interface PolicyCheck {
    Check run(CommandRunner runner, PreflightAsk request, String queue);
  }

  /** Asks the scheduler, without submitting, when the job would start. */
  @FunctionalInterface
  interface StartEstimator {
    /**
     * @param partition where the job would go; {@code null}: the scheduler's default
     * @throws io.examlops.fleet.transport.TransportException when the host stops answering
     */
    StartEstimate estimate(CommandRunner runner, PreflightAsk request, String partition);
  }

  /** Runs a read-only query over a registered cluster's own connection. */
  @FunctionalInterface
  interface ClusterCommands {
    CommandResult run(String cluster, String command);
  }
}
