package io.examlops.fleet.jobs;

import io.examlops.fleet.governance.GovernanceService;
import io.examlops.fleet.model.Actor;
import io.examlops.fleet.model.ErrorKind;
import io.examlops.fleet.model.FleetException;
import io.examlops.fleet.model.JobState;
import io.examlops.fleet.model.OutputPath;
import io.examlops.fleet.model.Printable;
import io.examlops.fleet.model.QueueSnapshot;
import io.examlops.fleet.model.ReadFrom;
import io.examlops.fleet.model.RegisteredCluster;
import io.examlops.fleet.model.SafeName;
import io.examlops.fleet.model.TimeLimit;
import io.examlops.fleet.model.TrackedJob;
import io.examlops.fleet.placement.PlaceRequest;
import io.examlops.fleet.placement.PlaceResult;
import io.examlops.fleet.placement.PlacementService;
import io.examlops.fleet.registry.Clusters;
import io.examlops.fleet.registry.JobRecords;
import io.examlops.fleet.scheduler.JobSpec;
import io.examlops.fleet.settings.Variables;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * Jobs on approved clusters: submission (a script or a pipeline run), following, output, listing,
 * cancelling, and the clusters' queues. The approval gate is asked before anything reaches a
 * scheduler; every submission is recorded before it is sent. Stateless: safe to share between
 * threads.
 */
public final class JobService {
  /** The word that asks placement to choose the cluster. */
  public static final String AUTO = "auto";

  /** How often a followed job is asked about. */
  private static final Duration FOLLOW_INTERVAL = Duration.ofSeconds(2);

  private final Clusters clusters;
  private final JobTracker tracker;
  private final JobLogs logs;
  private final PlacementService placement;
  private final GovernanceService governance;

  public JobService(Clusters clusters, PlacementService placement, GovernanceService governance) {
    this.clusters = clusters;
    this.tracker = new JobTracker(clusters);
    this.logs = new JobLogs(clusters.connections(), tracker);
    this.placement = placement;
    this.governance = governance;
  }

  /**
   * Submits a batch script to a named cluster, or with {@link #AUTO} to the one placement chooses,
   * and tracks it. A request that names no partition goes to the partition placement picks inside
   * the cluster; an explicit partition wins, and a CPU-only job goes to the scheduler's default.
   * The approval gate holds either way.
   */
  public SubmitResult submit(Actor actor, SubmitRequest request) {
    Scripts.Script script = Scripts.read(request.script());
    String name = request.name() != null ? request.name() : script.jobName();
    return send(actor, request.job(), script.text(), name, null, null);
  }

  /**
   * Submits a training job for a model and dataset through the same gate, submission and tracking
   * as {@link #submit}, with the model, dataset, GPU count and the chosen cluster's {@code
   * EXAMLOPS_HPC_*} environment exported in the job.
   */
  public SubmitResult runPipeline(Actor actor, PipelineRunRequest request) {
    SafeName.require("model", request.model(), "model");
    SafeName.require("dataset", request.dataset(), "dataset");
    String text =
        request.script() == null
            ? Pipelines.builtInScript()
            : Scripts.read(request.script()).text();
    return send(
        actor, request.job(), text, "train-" + request.model(), request.model(), request.dataset());
  }

  /**
   * Follows a tracked job until it ends, is lost, or the request's limit passes; returns what was
   * last seen. Always returns: each look is bounded by the transport's timeouts.
   *
   * @throws InterruptedException when the caller's thread is interrupted while waiting
   */
  public FollowResult follow(Actor actor, FollowRequest request) throws InterruptedException {
    TrackedJob job =
        tracker.await(
            actor,
            tracker.find(actor, request.job()),
            Duration.ofSeconds(request.timeoutSeconds()),
            FOLLOW_INTERVAL);
    return new FollowResult(job, job.state().terminal(), outputOf(job));
  }

  /**
   * Passes a tracked job's output (by fleet id or scheduler id) to {@code sink}: what is there now,
   * or with {@link LogsRequest#follow()} what is written until the job ends, the request's limit
   * passes, or the thread is interrupted. Read-only: allowed for a job on any registered cluster.
   */
  public LogsResult logs(Actor actor, LogsRequest request, Consumer<String> sink) {
    TrackedJob job = tracker.find(actor, request.job());
    if (job.schedulerJobId() == null) {
      throw new FleetException(
          ErrorKind.CONFLICT,
          "job "
              + job.id()
              + " on "
              + job.cluster()
              + " has no scheduler id: it was never confirmed as submitted, so it has no output"
              + " to read");
    }
    JobLogs.Read read =
        logs.read(
            actor,
            job,
            request.follow(),
            Duration.ofSeconds(request.timeoutSeconds()),
            FOLLOW_INTERVAL,
            sink);
    return new LogsResult(read.job(), read.outputFile(), read.found(), read.followed());
  }

  /**
   * One tracked job (by fleet id or scheduler id): with {@link ReadFrom#SCHEDULER}, after asking
   * its scheduler where it stands when it has not ended (or was lost), as {@link #list} does for
   * many. Read-only towards the cluster: allowed for a job on any registered cluster.
   */
  public JobResult job(Actor actor, JobRequest request) {
    TrackedJob job = tracker.find(actor, request.job());
    List<String> notes = new ArrayList<>();
    boolean unsettled = !job.state().terminal() || job.state() == JobState.LOST;
    if (request.from() == ReadFrom.SCHEDULER && unsettled) {
      job = tracker.refresh(actor, List.of(job), notes).get(0);
    }
    return new JobResult(job, notes);
  }

  /**
   * Tracked jobs matching the request: with {@link ReadFrom#SCHEDULER}, after asking the schedulers
   * about unfinished ones (whose new states are stored); with {@link ReadFrom#STORE}, as recorded.
   */
  public JobsResult list(Actor actor, JobsRequest request) {
    JobState state = request.state() == null ? null : jobState(request.state());
    JobTracker.Listing listing =
        tracker.list(
            actor,
            new JobRecords.Filter(request.cluster(), request.model(), state),
            request.from() == ReadFrom.SCHEDULER);
    return new JobsResult(listing.jobs(), listing.notes());
  }

  /** Asks the schedulers about every unfinished job and stores what they say. */
  public List<String> followAll(Actor actor) {
    return tracker.list(actor, JobRecords.Filter.ALL, true).notes();
  }

  /** Cancels a tracked job through its cluster's scheduler, then records where it stands. */
  public CancelResult cancel(Actor actor, CancelRequest request) {
    JobTracker.Cancelled cancelled = tracker.cancel(actor, request.job());
    return new CancelResult(
        cancelled.result().outcome(), cancelled.result().message(), cancelled.job());
  }

  /**
   * A registered cluster's queue, all users: asked of its scheduler now, or as last recorded with a
   * snapshot (a cluster whose nodes are read live, the mock, is read now either way). Read-only:
   * allowed in any state.
   */
  public QueueResult queue(Actor actor, QueueRequest request) {
    String name = request.cluster();
    RegisteredCluster cluster = clusters.connections().cluster(name);
    if (request.from() == ReadFrom.SCHEDULER || clusters.latest().readsLive(cluster)) {
      return new QueueResult(
          name, null, clusters.clock().instant(), null, tracker.queue(actor, name));
    }
    Optional<QueueSnapshot> stored = clusters.stores().registry().latestQueue(name);
    return stored
        .map(
            q ->
                new QueueResult(
                    name, q.snapshotId(), q.takenAt(), q.queue().failure(), q.queue().jobs()))
        .orElse(new QueueResult(name, null, null, null, List.of()));
  }

  /**
   * A submission, and the placement that chose its partition (and cluster, for {@link #AUTO}). A
   * pipeline run (a {@code model}) exports the model, dataset, GPU count and the chosen cluster's
   * {@code EXAMLOPS_HPC_*} environment in the job.
   */
  private SubmitResult send(
      Actor actor, JobOptions options, String script, String name, String model, String dataset) {
    Map<String, String> environment = new LinkedHashMap<>(options.environment());
    if (model != null) {
      environment.put(Variables.MODEL, model);
      environment.put(Variables.DATASET, dataset);
      environment.put(Variables.PIPELINE_GPUS, Integer.toString(options.gpus()));
    }
    JobSpec request =
        new JobSpec(
            script,
            name,
            options.gpus(),
            options.nodes(),
            options.partition(),
            TimeLimit.parseOrNull(options.time()),
            options.account(),
            environment,
            null,
            OutputPath.of(options.output()));
    if (options.tag() != null) {
      Optional<TrackedJob> running = new TaggedJobs(tracker).unfinished(actor, options.tag());
      if (running.isPresent()) {
        return new SubmitResult(running.get(), null, outputOf(running.get()), true);
      }
    }
    String cluster = options.cluster();
    if (cluster == null || cluster.isBlank()) {
      throw FleetException.invalid("no cluster given: name a cluster, or " + AUTO, "cluster");
    }
    PlaceRequest ask =
        new PlaceRequest(request.gpus(), request.nodes(), null, request.partition(), null);
    PlaceResult placed;
    String target;
    if (AUTO.equals(cluster)) {
      placed = placement.place(ask);
      if (placed.chosen() == null) {
        // No scheduler was asked: placement found no cluster, as `exa hpc place` says (exit 1).
        throw new FleetException(ErrorKind.CONFLICT, placed.explanation());
      }
      target = placed.chosen();
    } else {
      boolean choosePartition = request.partition() == null && request.gpus() > 0;
      placed = choosePartition ? placement.place(ask.in(cluster)) : null;
      target = cluster;
    }
    String partition = placed == null ? null : placed.partition();
    JobSpec sent =
        request.partition() != null || partition == null ? request : request.inPartition(partition);
    if (model != null) {
      sent = sent.withEnvironment(withEnvironmentOf(target, sent.environment()));
    }
    TrackedJob job = tracker.submit(actor, target, sent, model, dataset, options.tag());
    return new SubmitResult(job, placed, outputOf(job), false);
  }

  /** {@code exported} with the cluster's {@code EXAMLOPS_HPC_*} variables added. */
  private Map<String, String> withEnvironmentOf(String cluster, Map<String, String> exported) {
    Map<String, String> all = new TreeMap<>(exported);
    governance
        .environmentOf(cluster)
        .forEach(
            (k, v) -> {
              if (v != null) {
                all.put(k, v);
              }
            });
    return all;
  }

  /** Where a tracked job's output goes: a path on its cluster, or here for the mock backend. */
  private String outputOf(TrackedJob job) {
    RegisteredCluster cluster = clusters.connections().cluster(job.cluster());
    return tracker
        .backend(cluster.definition().scheduler())
        .outputFile(job.schedulerJobId(), job.outputPath());
  }

  private static JobState jobState(String text) {
    try {
      return JobState.valueOf(text.trim().toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw FleetException.invalid(
          Printable.quoted(text)
              + " is not a job state; use one of submitted, pending, running, completing,"
              + " completed, failed, cancelled, timeout, suspended, unknown",
          "state");
    }
  }
}
