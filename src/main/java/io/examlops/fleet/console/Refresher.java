package io.examlops.fleet.console;

import io.examlops.fleet.Fleet;
import io.examlops.fleet.discovery.RefreshRequest;
import io.examlops.fleet.discovery.RefreshResult;
import io.examlops.fleet.jobs.JobsRequest;
import io.examlops.fleet.model.Actor;
import io.examlops.fleet.model.ReadFrom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps every schedulable ACTIVE cluster current in the background, so that no page waits on a
 * scheduler and no CLI run is needed for the console to be right: each round of a cluster follows
 * its unfinished tracked jobs (the jobs service's tracking, one connection for all of them, as
 * {@code exa hpc jobs} does), then refreshes it (a snapshot with its queue where its nodes are
 * stored, and a utilization sample whatever its kind). One round at a time per cluster, every
 * {@code interval}, and after a failure again only after a backoff that doubles with each failure
 * in a row (up to {@link #MAX_BACKOFF}). What happened last is kept per cluster for the pages and
 * /metrics. Every few seconds it also cancels the jobs whose lease lapsed (nobody follows them).
 */
final class Refresher implements AutoCloseable {
  static final Duration MAX_BACKOFF = Duration.ofHours(1);
  private static final Logger LOG = LoggerFactory.getLogger(Refresher.class);

  /** Snapshots run beside each other on this many threads, one cluster on each. */
  private static final int WORKERS = 2;

  /** Who takes the snapshots, for the audit trail. */
  static final Actor AS = new Actor("refresher", Actor.CONSOLE);

  private final Fleet fleet;
  private final Clock clock;
  private final Duration interval;
  private final Runnable afterSnapshot;
  private final Rounds rounds;
  private final Map<String, RefreshStatus> status = new ConcurrentHashMap<>();
  private final ScheduledExecutorService ticker =
      Executors.newSingleThreadScheduledExecutor(Daemons.named("console-refresher"));
  private final ExecutorService workers =
      Executors.newFixedThreadPool(WORKERS, Daemons.named("console-snapshot"));

  /**
   * @param afterSnapshot told after each round that succeeded, so that cached views are rebuilt
   */
  Refresher(Fleet fleet, Clock clock, Duration interval, Runnable afterSnapshot) {
    this(fleet, clock, interval, afterSnapshot, (cluster, before, after) -> {});
  }

  /**
   * @param rounds told after each round, with where the cluster stood before and after it (the
   *     notifications count failures in a row there); must not wait
   */
  Refresher(Fleet fleet, Clock clock, Duration interval, Runnable afterSnapshot, Rounds rounds) {
    this.fleet = fleet;
    this.clock = clock;
    this.interval = interval;
    this.afterSnapshot = afterSnapshot;
    this.rounds = rounds;
  }

  /** What is told of each round that ended. */
  interface Rounds {
    void ended(String cluster, RefreshStatus before, RefreshStatus after);
  }

  void start() {
    ticker.scheduleWithFixedDelay(this::tick, 0, 1, TimeUnit.SECONDS);
    ticker.scheduleWithFixedDelay(this::cancelLapsed, 5, 5, TimeUnit.SECONDS);
  }

  /** Cancels the jobs nobody follows any more whose policy says so (their leases lapsed). */
  private void cancelLapsed() {
    try {
      fleet.jobs().cancelLapsed(AS).forEach(line -> LOG.warn("leases: {}", line));
    } catch (RuntimeException e) {
      LOG.warn("leases: cannot read the leased jobs: {}", e.getMessage());
    }
  }

  Duration interval() {
    return interval;
  }

  Map<String, RefreshStatus> status() {
    return Map.copyOf(status);
  }

  RefreshStatus status(String cluster) {
    return status.getOrDefault(cluster, RefreshStatus.NEVER);
  }

  /** Asks for a round of one cluster at the next tick (the caller rate-limits). */
  void refreshSoon(String cluster) {
    status.compute(cluster, (k, s) -> (s == null ? RefreshStatus.NEVER : s).dueAt(clock.instant()));
  }

  /**
   * Starts the rounds that are due; never waits for one. Synchronized: a round asked for by hand
   * (tests drive rounds) never starts twice beside the ticker's.
   */
  synchronized void tick() {
    try {
      Instant now = clock.instant();
      for (String cluster : refreshable()) {
        RefreshStatus s = status.getOrDefault(cluster, RefreshStatus.NEVER);
        if (s.running() || (s.nextDueAt() != null && s.nextDueAt().isAfter(now))) {
          continue;
        }
        status.put(cluster, s.started(now));
        workers.submit(() -> round(cluster));
      }
    } catch (RuntimeException e) {
      // A registry that cannot be read now may be readable at the next tick; the pages say why.
      LOG.warn("refresher: cannot list the clusters: {}", e.getMessage());
    }
  }

  /** Schedulable ACTIVE clusters with a scheduler to ask, as the core decides. */
  private List<String> refreshable() {
    return fleet.discovery().refreshTargets();
  }

  private void round(String cluster) {
    String failure;
    try {
      // Jobs first: a job that ended frees its GPUs in the mock's nodes and in the sample below.
      List<String> notes =
          fleet.jobs().list(AS, new JobsRequest(cluster, null, null, ReadFrom.SCHEDULER)).notes();
      notes.forEach(note -> LOG.debug("refresher: {}", note));
      RefreshResult result = fleet.discovery().refresh(AS, new RefreshRequest(cluster));
      failure = result.failures().isEmpty() ? null : result.failures().get(0).reason();
    } catch (RuntimeException e) {
      failure = e.getMessage();
    }
    Instant now = clock.instant();
    RefreshStatus before = status(cluster);
    RefreshStatus after;
    if (failure == null) {
      after = status.computeIfPresent(cluster, (k, s) -> s.succeeded(now, now.plus(interval)));
      afterSnapshot.run();
    } else {
      String why = failure;
      after =
          status.computeIfPresent(
              cluster, (k, s) -> s.failed(now, why, now.plus(backoff(s.failures() + 1))));
      LOG.warn("refresher: refresh of {} failed: {}", cluster, why);
    }
    if (after != null) {
      try {
        rounds.ended(cluster, before, after);
      } catch (RuntimeException e) {
        LOG.warn("refresher: after the round of {}: {}", cluster, e.toString());
      }
    }
  }

  /** The wait after {@code failures} failures in a row: the interval, doubled for each. */
  Duration backoff(int failures) {
    Duration wait = interval;
    for (int i = 1; i < failures && wait.compareTo(MAX_BACKOFF) < 0; i++) {
      wait = wait.multipliedBy(2);
    }
    return wait.compareTo(MAX_BACKOFF) > 0 ? MAX_BACKOFF : wait;
  }

  @Override
  public void close() {
    ticker.shutdownNow();
    workers.shutdownNow();
    try {
      workers.awaitTermination(10, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
