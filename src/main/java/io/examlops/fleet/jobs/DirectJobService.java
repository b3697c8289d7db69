package io.examlops.fleet.jobs;

import io.examlops.fleet.governance.EnvRequest;
import io.examlops.fleet.governance.GovernanceService;
import io.examlops.fleet.model.ActingToken;
import io.examlops.fleet.model.Actor;
import io.examlops.fleet.model.ErrorKind;
import io.examlops.fleet.model.FleetException;
import io.examlops.fleet.model.JobRef;
import io.examlops.fleet.model.JobState;
import io.examlops.fleet.model.OutputPath;
import io.examlops.fleet.model.QueueSnapshot;
import io.examlops.fleet.model.ReadFrom;
import io.examlops.fleet.model.RefusedAttempt;
import io.examlops.fleet.model.RegisteredCluster;
import io.examlops.fleet.model.TrackedJob;
import io.examlops.fleet.placement.PlaceRequest;
import io.examlops.fleet.placement.PlaceResult;
import io.examlops.fleet.placement.PlacementService;
import io.examlops.fleet.registry.Clusters;
import io.examlops.fleet.registry.JobRecords;
import io.examlops.fleet.scheduler.EndWatch;
import io.examlops.fleet.scheduler.JobSpec;
import io.examlops.fleet.settings.LeaseSettings;
import io.examlops.fleet.settings.Variables;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * The jobs service of a process that talks to the clusters itself: a local-mode {@code exa}, and
 * the console (the fleet's gateway). The approval gate is asked before anything reaches a
 * scheduler; every submission is recorded before it is sent. Safe to share between threads.
 */
public final class DirectJobService implements JobService {
  /** How often a followed job's output is read. */
  private static final Duration FOLLOW_INTERVAL = Duration.ofSeconds(2);

  private final Clusters clusters;
  private final JobTracker tracker;
  private final JobLogs logs;
  private final PlacementService placement;
  private final GovernanceService governance;
  private final JobWatcher watcher;
  private final Instant started;

  public DirectJobService(
      Clusters clusters, PlacementService placement, GovernanceService governance) {
    this.clusters = clusters;
    this.tracker = new JobTracker(clusters);
    this.watcher =
        new JobWatcher(
            (actor, jobs) -> tracker.refresh(actor, jobs, new ArrayList<>()),
            new JobWatcher.Watches() {
              @Override
              public EndWatch watch(Actor actor, TrackedJob job, Duration upTo) {
                return tracker.watchEnd(actor, job, upTo);
              }

              @Override
              public boolean watchSeesEveryEnd(TrackedJob job) {
                return tracker.watchSeesEveryEnd(job);
              }
            },
            clusters.clock()::instant,
            clusters.context().settings().leases().renew());
    this.logs =
        new JobLogs(
            clusters.connections(),
            tracker,
            (actor, job, wait) -> watcher.await(actor, job, wait, renewal(actor, job)));
    this.placement = placement;
    this.governance = governance;
    this.started = clusters.clock().instant();
  }

  /**
   * Submits a batch script to a named cluster, or with {@link #AUTO} to the one placement chooses,
   * and tracks it. A request that names no partition goes to the partition placement picks inside
   * the cluster; an explicit partition wins, and a CPU-only job goes to the scheduler's default.
   * The approval gate holds either way.
   */
  @Override
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
  @Override
  public SubmitResult runPipeline(Actor actor, PipelineRunRequest request) {
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
  @Override
  public FollowResult follow(Actor actor, FollowRequest request) throws InterruptedException {
    TrackedJob found = tracker.find(actor, request.job());
    renewal(actor, found).run();
    TrackedJob job =
        watcher.await(
            actor, found, Duration.ofSeconds(request.timeoutSeconds()), renewal(actor, found));
    return new FollowResult(job, job.state().terminal(), outputOf(job));
  }

  /** Renews the job's lease, if it has one: whoever waits on a job watches it. */
  private Runnable renewal(Actor actor, TrackedJob job) {
    return () -> tracker.store(actor).renewLease(job.id(), clusters.clock().instant());
  }

  /**
   * Passes a tracked job's output (by fleet id or scheduler id) to {@code sink}: what is there now,
   * or with {@link LogsRequest#follow()} what is written until the job ends, the request's limit
   * passes, or the thread is interrupted. Read-only: allowed for a job on any registered cluster.
   */
  @Override
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
    if (request.follow()) {
      renewal(actor, job).run();
    }
    JobLogs.Read read =
        logs.read(
            actor,
            job,
            request.offset(),
            request.follow(),
            Duration.ofSeconds(request.timeoutSeconds()),
            FOLLOW_INTERVAL,
            sink);
    return new LogsResult(
        read.job(), read.outputFile(), read.found(), read.followed(), read.bytes());
  }

  /**
   * One tracked job (by fleet id or scheduler id): with {@link ReadFrom#SCHEDULER}, after asking
   * its scheduler where it stands when it has not ended (or was lost), as {@link #list} does for
   * many. Read-only towards the cluster: allowed for a job on any registered cluster.
   */
  @Override
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
  @Override
  public JobsResult list(Actor actor, JobsRequest request) {
    JobRecords.Filter filter =
        new JobRecords.Filter(
            request.cluster(),
            request.model(),
            request.jobState(),
            request.user(),
            request.token());
    boolean refresh = request.from() == ReadFrom.SCHEDULER;
    if (!request.paged()) {
      JobTracker.Listing listing = tracker.list(actor, filter, refresh);
      return new JobsResult(listing.jobs(), listing.notes());
    }
    int limit = request.limit() == null ? JobsRequest.MOST : request.limit();
    // One job more than the page holds says whether a page follows, without counting again.
    JobTracker.Listing listing =
        tracker.list(
            actor,
            filter,
            new JobRecords.Page(request.before(), request.offset(), limit + 1),
            refresh);
    List<TrackedJob> jobs = listing.jobs();
    Long next = null;
    if (jobs.size() > limit) {
      jobs = jobs.subList(0, limit);
      next = jobs.get(limit - 1).id();
    }
    return new JobsResult(
        List.copyOf(jobs), listing.notes(), tracker.store(actor).count(filter), next);
  }

  /** Asks the schedulers about every unfinished job and stores what they say. */
  @Override
  public List<String> followAll(Actor actor) {
    return tracker.followUnfinished(actor);
  }

  /** Cancels a tracked job through its cluster's scheduler, then records where it stands. */
  @Override
  public CancelResult cancel(Actor actor, CancelRequest request) {
    if (request.by() != null) {
      request.by().requireMayChange(tracker.find(actor, request.job()), "cancel");
    }
    JobTracker.Cancelled cancelled = tracker.cancel(actor, request.job());
    return new CancelResult(
        cancelled.result().outcome(), cancelled.result().message(), cancelled.job());
  }

  @Override
  public DetachResult detach(Actor actor, DetachRequest request) {
    TrackedJob job = tracker.find(actor, request.job());
    if (request.by() != null) {
      request.by().requireMayChange(job, "detach");
    }
    return new DetachResult(job, tracker.store(actor).endLease(job.id()));
  }

  /**
   * Cancels, by their policy, the jobs whose lease nobody renewed for the lapse time and the grace
   * after it ({@link io.examlops.fleet.settings.LeaseSettings}). A cancellation that fails is said
   * and tried again on the next call. Nothing is cancelled until that time has passed since this
   * service started: agents whose console was down could not renew, and come back once it is up.
   */
  @Override
  public List<String> cancelLapsed(Actor actor) {
    LeaseSettings leases = clusters.context().settings().leases();
    List<String> done = new ArrayList<>();
    if (clusters.clock().instant().isBefore(started.plus(leases.cancelAfter()))) {
      return done;
    }
    JobRecords store = tracker.store(actor);
    for (TrackedJob job :
        store.leasedBefore(clusters.clock().instant().minus(leases.cancelAfter()))) {
      String which = "job " + job.id() + " (" + job.cluster() + " " + job.schedulerJobId() + ")";
      try {
        CancelResult cancelled = cancel(actor, new CancelRequest(JobRef.fleet(job.id())));
        store.endLease(job.id());
        done.add(
            "cancelled "
                + which
                + ": nobody followed it for "
                + leases.cancelAfter().toSeconds()
                + " s (its lease lapsed after "
                + leases.lapse().toSeconds()
                + " s, then "
                + leases.grace().toSeconds()
                + " s of grace); it is "
                + cancelled.job().state().label());
      } catch (RuntimeException e) {
        done.add("could not cancel " + which + " whose lease lapsed: " + e.getMessage());
      }
    }
    return done;
  }

  /**
   * A registered cluster's queue, all users: asked of its scheduler now, or as last recorded with a
   * snapshot (a cluster whose nodes are read live, the mock, is read now either way). Read-only:
   * allowed in any state.
   */
  @Override
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
    try {
      return sendWithin(actor, options, script, name, model, dataset);
    } catch (FleetException e) {
      if (e.kind() == ErrorKind.NOT_PERMITTED && actor.token() != null) {
        // What the token's limits leave no room for (here, in placement or in the store's
        // transaction): the one place where every surface's submission is refused for them.
        governance.refused(
            new RefusedAttempt(
                actor.name(),
                actor.surface(),
                null,
                "submit to " + options.cluster(),
                RefusedAttempt.Why.TOKEN_LIMIT,
                e.getMessage(),
                actor.token().words()));
      }
      throw e;
    }
  }

  private SubmitResult sendWithin(
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
            options.timeLimit(),
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
    ActingToken token = actor.token();
    if (token != null) {
      refuse(token.limits().refusesGpus(token.words(), request.gpus()));
      if (!AUTO.equals(cluster)) {
        refuse(token.limits().refusesCluster(token.words(), cluster));
      }
      if (request.partition() != null) {
        refuse(token.limits().refusesPartition(token.words(), request.partition()));
      }
    }
    PlaceRequest ask =
        new PlaceRequest(request.gpus(), request.nodes(), null, request.partition(), null);
    PlaceResult placed;
    String target;
    if (AUTO.equals(cluster)) {
      placed = placement.place(ask, token);
      if (placed.chosen() == null) {
        // No scheduler was asked: placement found no cluster, as `exa hpc place` says (exit 1).
        throw new FleetException(ErrorKind.CONFLICT, placed.explanation());
      }
      target = placed.chosen();
    } else {
      boolean choosePartition = request.partition() == null && request.gpus() > 0;
      placed = choosePartition ? placement.place(ask.in(cluster), token) : null;
      target = cluster;
    }
    String partition = placed == null ? null : placed.partition();
    if (token != null && request.partition() == null) {
      // where the job lands when nothing was chosen: the cluster's default partition
      refuse(token.limits().refusesPartition(token.words(), partition));
    }
    JobSpec sent =
        request.partition() != null || partition == null ? request : request.inPartition(partition);
    if (model != null) {
      sent = sent.withEnvironment(withEnvironmentOf(target, sent.environment()));
    }
    TrackedJob job =
        tracker.submit(actor, target, sent, model, dataset, options.tag(), options.leased());
    return new SubmitResult(job, placed, outputOf(job), false);
  }

  /** A refusal by the request's token: 403 on the console, exit 1 on the CLI. */
  private static void refuse(Optional<String> refusal) {
    if (refusal.isPresent()) {
      throw new FleetException(ErrorKind.NOT_PERMITTED, refusal.get());
    }
  }

  /** {@code exported} with the cluster's {@code EXAMLOPS_HPC_*} variables added. */
  private Map<String, String> withEnvironmentOf(String cluster, Map<String, String> exported) {
    Map<String, String> all = new TreeMap<>(exported);
    governance
        .environment(new EnvRequest(cluster))
        .env()
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
}
