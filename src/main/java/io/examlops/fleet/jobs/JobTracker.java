package io.examlops.fleet.jobs;

import io.examlops.fleet.model.Actor;
import io.examlops.fleet.model.ApiSettings;
import io.examlops.fleet.model.CancelOutcome;
import io.examlops.fleet.model.GpuHours;
import io.examlops.fleet.model.JobAccounting;
import io.examlops.fleet.model.JobRef;
import io.examlops.fleet.model.JobState;
import io.examlops.fleet.model.JobTag;
import io.examlops.fleet.model.OutputPath;
import io.examlops.fleet.model.QueueEntry;
import io.examlops.fleet.model.RegisteredCluster;
import io.examlops.fleet.model.SchedulerKind;
import io.examlops.fleet.model.TrackedJob;
import io.examlops.fleet.registry.ClusterConnections;
import io.examlops.fleet.registry.Clusters;
import io.examlops.fleet.registry.JobRecords;
import io.examlops.fleet.scheduler.CancelReply;
import io.examlops.fleet.scheduler.EndWatch;
import io.examlops.fleet.scheduler.JobBackend;
import io.examlops.fleet.scheduler.JobSpec;
import io.examlops.fleet.scheduler.JobStatus;
import io.examlops.fleet.scheduler.SchedulerAdapter;
import io.examlops.fleet.scheduler.SubmitReply;
import io.examlops.fleet.transport.CommandRunner;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

/**
 * Submits jobs to approved clusters, records them in {@code hpc_jobs}, and follows them to their
 * end. The approval gate is asked before anything reaches a scheduler.
 */
public final class JobTracker {
  /** How far the cluster's clock may be behind ours before a record counts as an older job's. */
  private static final Duration RECORD_CLOCK_SKEW = Duration.ofMinutes(10);

  private final Clusters clusters;
  private final StuckSubmissions stuckSubmissions;

  /** The submissions this process is sending now: recorded, not yet answered. */
  private final Set<Long> inFlight = ConcurrentHashMap.newKeySet();

  public JobTracker(Clusters clusters) {
    this.clusters = clusters;
    this.stuckSubmissions = new StuckSubmissions(clusters.clock());
  }

  /** The job records, each change recorded as {@code actor}'s. */
  public JobRecords store(Actor actor) {
    return clusters.stores().jobs(actor);
  }

  /** The backend for a declared scheduler. */
  public JobBackend backend(SchedulerKind scheduler) {
    return clusters
        .adapters()
        .find(scheduler)
        .flatMap(a -> a.backend(clusters.context()))
        .orElseThrow(
            () -> new IllegalStateException("no job backend for scheduler " + scheduler.label()));
  }

  /**
   * Submits to a schedulable ACTIVE cluster and records the job. The submission is recorded before
   * it is sent (a store that cannot be written stops it before anything runs) and completed with
   * the scheduler's id after; nothing stays recorded when the gate or the scheduler refuses.
   *
   * @throws SchedulerRefusedException with the scheduler's own message when it refuses the job
   * @throws JobNotRecordedException when the scheduler accepted the job but its record could not be
   *     completed
   */
  public TrackedJob submit(
      Actor actor,
      String clusterName,
      JobSpec asked,
      String model,
      String dataset,
      String tag,
      boolean leased) {
    JobRecords store = store(actor);
    RegisteredCluster cluster = clusters.connections().requireSchedulable(clusterName);
    JobBackend backend = backend(cluster.definition().scheduler());
    JobSpec request = startingIn(cluster, actor, asked);
    resolveStuck(actor, store, cluster.name());
    TrackedJob begun =
        store.begin(
            TrackedJob.submitting(
                cluster.name(),
                request.name(),
                model,
                dataset,
                request.gpus(),
                request.nodes(),
                request.partition(),
                actor.name(),
                clusters.clock().instant(),
                request.output()),
            JobTag.require(tag),
            actor.token(),
            askedHours(request));
    inFlight.add(begun.id());
    try {
      return send(actor, store, cluster, backend, request, begun, leased);
    } finally {
      inFlight.remove(begun.id());
    }
  }

  /**
   * The job as it will be written: through an API it starts in the job directory of the user it
   * acts as (a shell would start it in their home), so a relative output path is recorded where the
   * job will write it, for its output to be found later.
   */
  private static JobSpec startingIn(RegisteredCluster cluster, Actor actor, JobSpec asked) {
    return ClusterConnections.actsAs(cluster, actor)
        .map(
            user ->
                asked.withOutput(
                    OutputPath.orDefault(asked.output())
                        .under(ApiSettings.jobDirectory(cluster.definition().settings(), user))))
        .orElse(asked);
  }

  /** Sends a begun submission and completes its record; see {@link #submit}. */
  private TrackedJob send(
      Actor actor,
      JobRecords store,
      RegisteredCluster cluster,
      JobBackend backend,
      JobSpec request,
      TrackedJob begun,
      boolean leased) {
    if (leased) {
      try {
        store.startLease(begun.id(), clusters.clock().instant());
      } catch (RuntimeException e) {
        throw discarded(store, begun, e);
      }
    }
    SubmitReply result;
    try {
      result =
          clusters
              .connections()
              .withRunner(
                  cluster,
                  actor,
                  runner -> backend.submit(runner, request.marked(begun.submissionMark())));
    } catch (RuntimeException e) {
      throw discarded(store, begun, e);
    }
    if (!result.accepted()) {
      throw discarded(
          store,
          begun,
          new SchedulerRefusedException(
              cluster.name()
                  + " ("
                  + backend.kind().label()
                  + ") refused the job: "
                  + result.message()));
    }
    try {
      return store.complete(begun, result.jobId(), actor);
    } catch (RuntimeException e) {
      throw new JobNotRecordedException(
          cluster.name(),
          backend.kind().label(),
          result.jobId(),
          begun.id(),
          backend.manualCancel(result.jobId()),
          e);
    }
  }

  /**
   * Whether the record was left submitting by a submitter that stopped: one this process is sending
   * now is on its way, not stuck (the console submits for many agents at once, and each would
   * otherwise look the others' up on the cluster).
   */
  private boolean stuck(TrackedJob job) {
    return StuckSubmissions.stuck(job) && !inFlight.contains(job.id());
  }

  /**
   * Resolves what earlier submissions to the cluster left submitting, before a new one: a crashed
   * submitter's job is recorded (or marked not-submitted) by the next command that touches its
   * cluster. What could not be resolved stays as it was, for {@code exa hpc jobs} to say.
   */
  private void resolveStuck(Actor actor, JobRecords store, String cluster) {
    List<TrackedJob> stuck =
        store.list(new JobRecords.Filter(cluster, null, JobState.SUBMITTING)).stream()
            .filter(this::stuck)
            .toList();
    if (!stuck.isEmpty()) {
      refresh(actor, stuck, new ArrayList<>());
    }
  }

  /** Removes the record of a submission that did not reach the scheduler; returns {@code why}. */
  private static RuntimeException discarded(
      JobRecords store, TrackedJob begun, RuntimeException why) {
    try {
      store.discard(begun);
    } catch (RuntimeException e) {
      why.addSuppressed(e);
    }
    return why;
  }

  /** Tracked jobs matching the filter, after asking the schedulers about unfinished ones. */
  public Listing list(Actor actor, JobRecords.Filter filter, boolean refresh) {
    return list(actor, filter, null, refresh);
  }

  /**
   * One page of the tracked jobs matching the filter ({@code null}: all of them), after asking the
   * schedulers about the unfinished ones the filter selects (found through the index of unfinished
   * jobs: they are what the clusters still hold, however long the history) and about the lost jobs
   * the page shows.
   */
  public Listing list(
      Actor actor, JobRecords.Filter filter, JobRecords.Page page, boolean refresh) {
    JobRecords store = store(actor);
    List<String> notes = new ArrayList<>();
    if (refresh) {
      // Every unfinished job of the filter is asked, whatever state is filtered on: a job recorded
      // running may be cancelled by now.
      List<TrackedJob> asked =
          new ArrayList<>(
              store.unfinished(filter.cluster()).stream()
                  .filter(j -> selects(filter.anyState(), j))
                  .toList());
      // A lost job is asked again (accounting that was down may know it later), but only one that
      // is to be shown: a year of lost jobs is not asked about on every listing.
      if (filter.state() == null || filter.state() == JobState.LOST) {
        JobRecords.Filter lost =
            new JobRecords.Filter(
                filter.cluster(), filter.model(), JobState.LOST, filter.user(), filter.token());
        asked.addAll(
            (page == null ? store.list(lost) : store.list(filter, page))
                .stream().filter(j -> j.state() == JobState.LOST).toList());
      }
      refresh(actor, asked.stream().filter(j -> !inFlight.contains(j.id())).toList(), notes);
    }
    return new Listing(page == null ? store.list(filter) : store.list(filter, page), notes);
  }

  /** Whether the filter selects the job: what the store's query asks, for jobs already read. */
  private static boolean selects(JobRecords.Filter filter, TrackedJob job) {
    return (filter.cluster() == null || filter.cluster().equals(job.cluster()))
        && (filter.model() == null || filter.model().equals(job.model()))
        && (filter.state() == null || filter.state() == job.state())
        && (filter.user() == null || filter.user().equals(job.submittedBy()))
        && (filter.token() == null || filter.token().equals(job.token()));
  }

  /** What a job may use at most: its GPUs for its time limit; 0 when it names no limit. */
  private static BigDecimal askedHours(JobSpec request) {
    BigDecimal hours =
        request.timeLimit() == null ? null : GpuHours.of(request.timeLimit(), request.gpus());
    return hours == null ? BigDecimal.ZERO : hours;
  }

  /**
   * Asks the schedulers about every unfinished job and stores what they say; returns what could not
   * be asked. Only the unfinished jobs are read (an index finds them among a year of history); a
   * lost job is asked again when jobs are listed.
   */
  public List<String> followUnfinished(Actor actor) {
    List<String> notes = new ArrayList<>();
    refresh(
        actor,
        store(actor).unfinished(null).stream().filter(j -> !inFlight.contains(j.id())).toList(),
        notes);
    return notes;
  }

  /**
   * Waits up to {@code upTo} for a sent job's scheduler to say it ended ({@link
   * JobBackend#watchEnd}), over the cluster's one connection. Stores nothing: the round that
   * follows does.
   */
  public EndWatch watchEnd(Actor actor, TrackedJob job, Duration upTo) {
    RegisteredCluster cluster = clusters.connections().cluster(job.cluster());
    JobBackend backend = backend(cluster.definition().scheduler());
    return clusters
        .connections()
        .withRunner(cluster, actor, runner -> backend.watchEnd(runner, job.schedulerJobId(), upTo));
  }

  /**
   * Whether the job's scheduler sees every end it watches ({@link JobBackend#watchSeesEveryEnd}),
   * so that a quiet watch proves the job still runs.
   */
  public boolean watchSeesEveryEnd(TrackedJob job) {
    RegisteredCluster cluster = clusters.connections().cluster(job.cluster());
    return backend(cluster.definition().scheduler()).watchSeesEveryEnd();
  }

  /** Jobs and what could not be refreshed. */
  public record Listing(List<TrackedJob> jobs, List<String> notes) {}

  /**
   * Asks each job's scheduler where it stands (one connection per cluster) and stores what it says;
   * a record left submitting is looked up by its mark first ({@link StuckSubmissions}). A cluster
   * that cannot be reached leaves its jobs as they were, with a note.
   */
  public List<TrackedJob> refresh(Actor actor, List<TrackedJob> jobs, List<String> notes) {
    return refresh(actor, jobs, false, notes);
  }

  /**
   * As {@link #refresh(Actor, List, List)}; with {@code clear}, a record left submitting and not
   * found on its cluster is marked not-submitted at once.
   */
  private List<TrackedJob> refresh(
      Actor actor, List<TrackedJob> jobs, boolean clear, List<String> notes) {
    JobRecords store = store(actor);
    Map<String, List<TrackedJob>> byCluster = new LinkedHashMap<>();
    for (TrackedJob job : jobs) {
      byCluster.computeIfAbsent(job.cluster(), c -> new ArrayList<>()).add(job);
    }
    List<TrackedJob> updated = new ArrayList<>();
    byCluster.forEach(
        (name, clusterJobs) -> {
          try {
            RegisteredCluster cluster = clusters.connections().cluster(name);
            JobBackend backend = backend(cluster.definition().scheduler());
            updated.addAll(
                clusters
                    .connections()
                    .withRunner(
                        cluster,
                        actor,
                        runner ->
                            follow(actor, store, backend, runner, clusterJobs, clear, notes)));
          } catch (RuntimeException e) {
            notes.add("could not follow the jobs on " + name + ": " + e.getMessage());
            updated.addAll(clusterJobs);
          }
        });
    return updated;
  }

  /** One cluster's jobs: the stuck ones resolved, then all with a scheduler id asked about. */
  private List<TrackedJob> follow(
      Actor actor,
      JobRecords store,
      JobBackend backend,
      CommandRunner runner,
      List<TrackedJob> clusterJobs,
      boolean clear,
      List<String> notes) {
    List<TrackedJob> asked =
        new ArrayList<>(clusterJobs.stream().filter(j -> !StuckSubmissions.stuck(j)).toList());
    asked.addAll(
        stuckSubmissions.resolve(
            actor,
            store,
            backend,
            runner,
            clusterJobs.stream().filter(StuckSubmissions::stuck).toList(),
            clear,
            notes));
    List<TrackedJob> now =
        new ArrayList<>(asked.stream().filter(j -> j.schedulerJobId() == null).toList());
    List<TrackedJob> known = asked.stream().filter(j -> j.schedulerJobId() != null).toList();
    if (known.isEmpty()) {
      return now;
    }
    Map<String, JobStatus> statuses =
        backend.track(runner, known.stream().map(TrackedJob::schedulerJobId).toList());
    List<TrackedJob> observed = new ArrayList<>();
    for (TrackedJob job : known) {
      JobStatus status = statuses.get(job.schedulerJobId());
      if (status == null) {
        now.add(job);
      } else {
        observed.add(apply(job, status));
      }
    }
    now.addAll(store.update(observed));
    return now;
  }

  /**
   * What a scheduler reported, applied to a tracked job. GPU-hours come from the scheduler's own
   * accounting when it has a GPU count, else from the GPUs the job was given on request.
   */
  TrackedJob apply(TrackedJob job, JobStatus status) {
    if (status.source() == JobStatus.Source.NOT_FOUND) {
      return job.state() == JobState.SUBMITTED ? job : job.noted(job.state(), null, status.note());
    }
    JobAccounting a = status.job();
    if (status.source() == JobStatus.Source.RECORD
        && a.start() != null
        && a.start().isBefore(job.submittedAt().minus(RECORD_CLOCK_SKEW))) {
      return job.noted(
          JobState.LOST,
          null,
          "the exit-status record of job "
              + job.schedulerJobId()
              + " started at "
              + a.start()
              + ", before this job was submitted: it belongs to an earlier job of the same id"
              + " (the cluster's job ids restarted); "
              + status.note());
    }
    if (status.source() == JobStatus.Source.LOST) {
      return job.noted(JobState.LOST, a.start(), status.note());
    }
    Integer gpus = a.gpus() != null ? a.gpus() : job.gpus();
    Duration elapsed = a.elapsed();
    BigDecimal hours = GpuHours.of(elapsed, gpus);
    return job.observed(
            a.state(),
            a.start(),
            a.end(),
            elapsed == null ? null : elapsed.toSeconds(),
            gpus,
            hours,
            a.exitCode(),
            status.note() == null || status.note().isBlank() ? null : status.note())
        .asScheduled(status.submitted(), a.partition());
  }

  /**
   * A tracked job by fleet id or scheduler id ({@link JobRef}: {@code #12}, {@code slurm:12}, or
   * bare), the scheduler's as stored or in another spelling its adapter reads (every form of a Flux
   * job id): it is normalized once, here. A bare id that is one job's fleet id and another's
   * scheduler id is refused with both.
   */
  public TrackedJob find(Actor actor, String id) {
    JobRef ref = JobRef.parse(id);
    JobRecords store = store(actor);
    Optional<TrackedJob> byFleetId =
        ref.fleetId().isPresent() ? store.find(ref.fleetId().getAsLong()) : Optional.empty();
    if (ref.schedulerId().isEmpty()) {
      return byFleetId.orElseThrow(() -> new UnknownJobException(ref.toString()));
    }
    Optional<Found> bySchedulerId = bySchedulerId(actor, ref, store.list(JobRecords.Filter.ALL));
    if (byFleetId.isPresent()
        && bySchedulerId.isPresent()
        && byFleetId.get().id() != bySchedulerId.get().job().id()) {
      throw ref.ambiguous(
          byFleetId.get(), bySchedulerId.get().job(), bySchedulerId.get().scheduler());
    }
    return byFleetId
        .or(() -> bySchedulerId.map(Found::job))
        .orElseThrow(() -> new UnknownJobException(ref.toString()));
  }

  /** A job found by its scheduler's id, and that scheduler. */
  private record Found(TrackedJob job, SchedulerKind scheduler) {}

  /**
   * The job whose scheduler's id {@code ref} names, as stored or in another spelling, asking each
   * scheduler's adapter (only the one {@code ref} names, if any) about its own clusters' jobs.
   */
  private Optional<Found> bySchedulerId(Actor actor, JobRef ref, List<TrackedJob> all) {
    String id = ref.schedulerId().orElseThrow();
    List<RegisteredCluster> registered = clusters.connections().store().list();
    SchedulerAdapter.ClusterCommands onCluster =
        (name, command) ->
            clusters
                .connections()
                .withRunner(clusters.connections().cluster(name), actor, r -> r.run(command));
    for (SchedulerAdapter adapter : clusters.adapters().all()) {
      if (ref.scheduler().isPresent() && ref.scheduler().get() != adapter.kind()) {
        continue;
      }
      Set<String> names =
          registered.stream()
              .filter(c -> c.definition() != null && c.definition().scheduler() == adapter.kind())
              .map(RegisteredCluster::name)
              .collect(Collectors.toSet());
      List<TrackedJob> jobs = all.stream().filter(j -> names.contains(j.cluster())).toList();
      Optional<TrackedJob> found =
          jobs.stream()
              .filter(j -> id.equals(j.schedulerJobId()))
              .findFirst()
              .or(() -> jobs.isEmpty() ? Optional.empty() : adapter.findJob(id, jobs, onCluster));
      if (found.isPresent()) {
        return Optional.of(new Found(found.get(), adapter.kind()));
      }
    }
    return Optional.empty();
  }

  /** Cancels a tracked job through its cluster's scheduler, then records where it stands. */
  public Cancelled cancel(Actor actor, String id) {
    TrackedJob found = find(actor, id);
    List<String> notes = new ArrayList<>();
    if (StuckSubmissions.stuck(found)) {
      // Left submitting: its scheduler is asked for it by its mark, and it is cleared if absent.
      found = refresh(actor, List.of(found), true, notes).get(0);
      if (found.schedulerJobId() == null) {
        CancelReply never =
            new CancelReply(
                found.state() == JobState.NOT_SUBMITTED
                    ? CancelOutcome.ALREADY_ENDED
                    : CancelOutcome.FAILED,
                String.join("; ", notes));
        audit(actor, found, never);
        return new Cancelled(found, never, notes);
      }
    }
    TrackedJob job = found;
    RegisteredCluster cluster = clusters.connections().cluster(job.cluster());
    JobBackend backend = backend(cluster.definition().scheduler());
    CancelReply result =
        clusters
            .connections()
            .withRunner(cluster, actor, runner -> backend.cancel(runner, job.schedulerJobId()));
    audit(actor, job, result);
    if (result.outcome() == CancelOutcome.PERMISSION_DENIED
        || result.outcome() == CancelOutcome.FAILED) {
      throw new SchedulerRefusedException(
          cluster.name() + " did not cancel job " + job.schedulerJobId() + ": " + result.message());
    }
    TrackedJob after = refresh(actor, List.of(job), notes).get(0);
    return new Cancelled(after, result, notes);
  }

  /**
   * Audits a cancellation the scheduler answered, whatever it answered: from every surface alike
   * (the CLI, the console, its API, MCP, the Jenkins steps), since all cancel here.
   */
  private void audit(Actor actor, TrackedJob job, CancelReply reply) {
    store(actor).cancelAsked(job, actor, reply.outcome().name(), reply.message());
  }

  /** A cancellation's outcome and the job as it stands after it. */
  public record Cancelled(TrackedJob job, CancelReply result, List<String> notes) {}

  /** The live queue of a cluster, all users. Read-only: allowed for any registered cluster. */
  public List<QueueEntry> queue(Actor actor, String clusterName) {
    RegisteredCluster cluster = clusters.connections().cluster(clusterName);
    // a cluster whose entry is gone from clusters.yaml is refused by withRunner, saying so
    JobBackend backend =
        backend(
            cluster.definition() != null
                ? cluster.definition().scheduler()
                : cluster.governance().scheduler());
    return clusters.connections().withRunner(cluster, actor, backend::queue);
  }
}
