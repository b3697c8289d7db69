package io.examlops.fleet.jobs;

import io.examlops.fleet.model.Actor;
import java.util.List;
import java.util.function.Consumer;

/**
 * Jobs on approved clusters: submission (a script or a pipeline run), following, output, listing,
 * cancelling, and the clusters' queues. Two implementations: {@link DirectJobService} talks to the
 * clusters itself (local mode, and the console); in central mode an agent's {@code exa} asks the
 * console, the fleet's gateway, to do each operation, and holds no cluster credential. Every
 * implementation is safe to share between threads.
 */
public interface JobService {
  /** The word that asks placement to choose the cluster. */
  String AUTO = "auto";

  /**
   * Submits a batch script to a named cluster, or with {@link #AUTO} to the one placement chooses,
   * and tracks it. A request that names no partition goes to the partition placement picks inside
   * the cluster; an explicit partition wins, and a CPU-only job goes to the scheduler's default.
   * The approval gate holds either way.
   */
  SubmitResult submit(Actor actor, SubmitRequest request);

  /**
   * Submits a training job for a model and dataset through the same gate, submission and tracking
   * as {@link #submit}, with the model, dataset, GPU count and the chosen cluster's {@code
   * EXAMLOPS_HPC_*} environment exported in the job.
   */
  SubmitResult runPipeline(Actor actor, PipelineRunRequest request);

  /**
   * Follows a tracked job until it ends, is lost, or the request's limit passes; returns what was
   * last seen, and renews the job's lease (whoever follows a job watches it). Always returns.
   *
   * @throws InterruptedException when the caller's thread is interrupted while waiting
   */
  FollowResult follow(Actor actor, FollowRequest request) throws InterruptedException;

  /**
   * Passes a tracked job's output (by fleet id or scheduler id) to {@code sink}, from the request's
   * offset: what is there now, or with {@link LogsRequest#follow()} what is written until the job
   * ends, the request's limit passes, or the thread is interrupted (a follow renews the job's
   * lease). Read-only: allowed for a job on any registered cluster.
   */
  LogsResult logs(Actor actor, LogsRequest request, Consumer<String> sink);

  /**
   * One tracked job (by fleet id or scheduler id): with {@link
   * io.examlops.fleet.model.ReadFrom#SCHEDULER}, after asking its scheduler where it stands when it
   * has not ended (or was lost). Read-only towards the cluster.
   */
  JobResult job(Actor actor, JobRequest request);

  /** Tracked jobs matching the request, asking the schedulers first when the request says so. */
  JobsResult list(Actor actor, JobsRequest request);

  /** Asks the schedulers about every unfinished job and stores what they say. */
  List<String> followAll(Actor actor);

  /** Cancels a tracked job through its cluster's scheduler, then records where it stands. */
  CancelResult cancel(Actor actor, CancelRequest request);

  /**
   * Lets a job run on when nobody follows it any more: its lease, if it has one, no longer cancels
   * it when it lapses ({@code exa hpc submit --detach} does the same from the start).
   */
  DetachResult detach(Actor actor, DetachRequest request);

  /**
   * Cancels every job whose lease lapsed (nobody renewed it for the lease's lapse time) and whose
   * grace passed, by the job's policy; returns what it did, one line a job. The console calls it in
   * the background.
   */
  List<String> cancelLapsed(Actor actor);

  /**
   * A registered cluster's queue, all users: asked of its scheduler now, or as last recorded with a
   * snapshot. Read-only: allowed in any state.
   */
  QueueResult queue(Actor actor, QueueRequest request);
}
