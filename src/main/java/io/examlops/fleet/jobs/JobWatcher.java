package io.examlops.fleet.jobs;

import io.examlops.fleet.model.Actor;
import io.examlops.fleet.model.TrackedJob;
import io.examlops.fleet.scheduler.EndWatch;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * One watcher per cluster for every job waited on in this process: each round asks the cluster's
 * scheduler about all of them at once (one {@code squeue}/{@code sacct} or {@code flux jobs} for
 * the whole set, over the cluster's one connection) and wakes the waiters whose job changed. So
 * what reaches a scheduler depends on the number of clusters, not on the number of waiting builds,
 * and the console that many agents wait through asks each cluster as often as one waiter would.
 *
 * <p>The interval is short right after a submission or a start, when short jobs end, and grows with
 * the age of the youngest job waited on ({@link #interval}), counted from its start once it
 * started. A round that fails (the cluster unreachable) leaves the jobs as they were; the next
 * round tries again.
 *
 * <p>While one job is waited on and its scheduler can say when it ends (Flux's eventlog, a Slurm
 * job's exit record, {@link Watches}), the pause between rounds is spent watching it instead: its
 * end makes the next round come at once. Where the watch sees every end (Flux), rounds only keep
 * the rest of what is shown fresh; where a job can end unseen (Slurm), they still come at the job's
 * interval. A job submitted beside it cuts the watch short, and is polled with it.
 */
final class JobWatcher {
  /**
   * The shortest interval, right after a submission: a job of a second is seen ending within a
   * quarter of a second, where a fixed 2 s round made it look twice as long as on the scheduler.
   */
  static final Duration FASTEST = Duration.ofMillis(250);

  static final Duration SLOWEST = Duration.ofSeconds(15);

  /** Asks a cluster's scheduler about its jobs; returns them as it found them. */
  interface Rounds {
    List<TrackedJob> refresh(Actor actor, List<TrackedJob> jobs);
  }

  /**
   * Waits up to a time for a job's scheduler to say that the job ended, where it can say so without
   * being asked again and again ({@link io.examlops.fleet.scheduler.JobBackend#watchEnd}).
   */
  interface Watches {
    /** Watches nothing: every job is polled. */
    Watches NONE = (actor, job, upTo) -> EndWatch.UNWATCHABLE;

    EndWatch watch(Actor actor, TrackedJob job, Duration upTo);

    /**
     * Whether a watch of the job that passed quietly proves that the job has not ended, so that it
     * need not be polled meanwhile (Flux's eventlog, which every end closes). Where a job may end
     * unseen (a Slurm job killed before it wrote its exit record), it is polled at its interval and
     * the watch only brings the round forward.
     */
    default boolean watchSeesEveryEnd(TrackedJob job) {
      return true;
    }
  }

  private final Rounds rounds;
  private final Watches watches;
  private final Supplier<Instant> now;
  private final Duration renewEvery;
  private final Map<String, ClusterWatch> clusters = new HashMap<>();

  /**
   * @param renewEvery how often a waiter renews what it waits on (a job's lease, whose lapse is
   *     several times longer), however often the rounds come
   */
  JobWatcher(Rounds rounds, Watches watches, Supplier<Instant> now, Duration renewEvery) {
    this.rounds = rounds;
    this.watches = watches;
    this.now = now;
    this.renewEvery = renewEvery;
  }

  /**
   * Waits until the job ends, or {@code timeout} passes; returns it as last seen.
   *
   * @param renew called after a round that saw the job, at most once per {@code renewEvery} of this
   *     watcher, while the caller waits on it; outside the watcher's lock, so that hundreds of
   *     waiters renewing their leases never hold up the next round
   */
  TrackedJob await(Actor actor, TrackedJob job, Duration timeout, Runnable renew)
      throws InterruptedException {
    if (job.state().terminal()) {
      return job;
    }
    long deadline = System.nanoTime() + timeout.toNanos();
    ClusterWatch watch = watch(job.cluster());
    Waiter waiter = watch.add(actor, job);
    Long renewedAt = null;
    try {
      while (true) {
        boolean renewNow = false;
        synchronized (watch) {
          long left = deadline - System.nanoTime();
          if (waiter.job.state().terminal() || left <= 0) {
            return waiter.job;
          }
          watch.wait(Math.max(1, left / 1_000_000));
          if (waiter.seen) {
            waiter.seen = false;
            renewNow = renewedAt == null || System.nanoTime() - renewedAt >= renewEvery.toNanos();
          }
        }
        if (renewNow) {
          renew.run();
          renewedAt = System.nanoTime();
        }
      }
    } finally {
      watch.remove(waiter);
    }
  }

  /**
   * How long a round waits after the last: a sixth of the youngest waited-on job's age, between
   * {@link #FASTEST} and {@link #SLOWEST}. So a job's end is seen within a sixth of its age (a 1 s
   * job within 250 ms), and a lone job's first minute costs about 28 queries, its next minute 4;
   * {@link RoundBudget} keeps many young jobs to 30 a minute. A job watched by a watch that sees
   * every end ({@link Watches#watchSeesEveryEnd}) is seen ending when its scheduler says so,
   * whatever its age: then rounds come every {@link #SLOWEST}. Pure.
   */
  static Duration interval(Duration youngest, boolean watched) {
    if (watched) {
      return SLOWEST;
    }
    Duration sixth = youngest.dividedBy(6);
    if (sixth.compareTo(FASTEST) < 0) {
      return FASTEST;
    }
    return sixth.compareTo(SLOWEST) > 0 ? SLOWEST : sixth;
  }

  private synchronized ClusterWatch watch(String cluster) {
    return clusters.computeIfAbsent(cluster, ClusterWatch::new);
  }

  /** A caller waiting on a job, and the job as the last round saw it. */
  private static final class Waiter {
    final Actor actor;
    TrackedJob job;
    boolean seen;

    Waiter(Actor actor, TrackedJob job) {
      this.actor = actor;
      this.job = job;
    }
  }

  /** The waiters on one cluster's jobs, and the thread that runs its rounds while there are any. */
  private final class ClusterWatch {
    private final String cluster;
    private final List<Waiter> waiters = new ArrayList<>();
    private final RoundBudget budget = new RoundBudget(System::nanoTime);
    private Thread thread;

    /**
     * When the last round started ({@link System#nanoTime}). The next is due an {@link #interval}
     * after it, whoever waits then: a follower that waits less than the interval at a time (logs
     * read every 2 s, a long poll renewed) still gets its round, where a pause counted afresh for
     * each waiter never came for a job old enough.
     */
    private long lastRoundAt = System.nanoTime();

    /**
     * The job (fleet id) the thread is watching ({@link Watches}), or null; a waiter on another job
     * cuts the watch short.
     */
    private Long watching;

    /** A watch saw the job end: the next round is due at once. */
    private boolean endSeen;

    /**
     * The jobs (fleet ids) a watch saw end that no round has shown ended yet (the scheduler's own
     * state can lag what the job wrote by a moment): not watched again, and polled at the fastest
     * interval meanwhile, whatever their age.
     */
    private final Set<Long> endedUnconfirmed = new HashSet<>();

    /**
     * Whether this cluster's watch sees every end ({@link Watches#watchSeesEveryEnd}): asked once,
     * since asking reads the registry, and taken as no when it cannot be read (the job is polled).
     */
    private Boolean seesEveryEnd;

    /** The jobs (fleet ids) their scheduler could not watch: polled. */
    private final Set<Long> unwatchable = new HashSet<>();

    ClusterWatch(String cluster) {
      this.cluster = cluster;
    }

    synchronized Waiter add(Actor actor, TrackedJob job) {
      Waiter waiter = new Waiter(actor, job);
      waiters.add(waiter);
      if (thread == null) {
        thread = new Thread(this::run, "job-watcher-" + cluster);
        thread.setDaemon(true);
        thread.start();
      } else if (watching != null && watching != job.id()) {
        // the watch is of one job; this one wants its first round soon, polled beside it. A
        // follower of the watched job that comes back (logs read every 2 s) leaves it running.
        thread.interrupt();
      } else {
        // a job just submitted among old ones may make the next round due sooner
        notifyAll();
      }
      return waiter;
    }

    synchronized void remove(Waiter waiter) {
      waiters.remove(waiter);
      if (waiters.stream().noneMatch(w -> w.job.id() == waiter.job.id())) {
        unwatchable.remove(waiter.job.id());
        endedUnconfirmed.remove(waiter.job.id());
      }
    }

    private void run() {
      while (true) {
        List<TrackedJob> jobs;
        Actor actor;
        TrackedJob watched = null;
        long watchFor = 0;
        synchronized (this) {
          try {
            while (true) {
              if (waiters.isEmpty()) {
                thread = null;
                return;
              }
              TrackedJob lone = watchable();
              boolean wholly = lone != null && seesEveryEnd(lone);
              long wait = Math.max(untilDue(wholly), budget.untilNext().toNanos());
              if (wait <= 0) {
                break;
              }
              if (lone != null) {
                watched = lone;
                watchFor = wait;
                watching = lone.id();
                break;
              }
              wait((wait + 999_999) / 1_000_000);
            }
          } catch (InterruptedException e) {
            thread = null;
            return;
          }
          actor = waiters.get(waiters.size() - 1).actor;
          if (watched != null) {
            jobs = List.of();
          } else {
            budget.spend();
            lastRoundAt = System.nanoTime();
            endSeen = false;
            Map<Long, TrackedJob> distinct = new HashMap<>();
            waiters.forEach(w -> distinct.putIfAbsent(w.job.id(), w.job));
            jobs = List.copyOf(distinct.values());
          }
        }
        if (watched != null) {
          watch(actor, watched, Duration.ofNanos(watchFor));
          continue;
        }
        List<TrackedJob> seen = round(actor, jobs);
        synchronized (this) {
          Map<Long, TrackedJob> byId = new HashMap<>();
          seen.forEach(j -> byId.put(j.id(), j));
          for (Waiter waiter : waiters) {
            TrackedJob now = byId.get(waiter.job.id());
            if (now != null) {
              waiter.job = now;
              waiter.seen = true;
            }
          }
          notifyAll();
        }
      }
    }

    /**
     * Watches the lone job until the next round is due; outside the lock, so that waiters come and
     * go meanwhile. A watch that fails leaves the job to be polled, unless a new waiter cut it.
     */
    private void watch(Actor actor, TrackedJob job, Duration upTo) {
      EndWatch seen;
      try {
        seen = watches.watch(actor, job, upTo);
      } catch (RuntimeException e) {
        seen = EndWatch.UNWATCHABLE;
      }
      synchronized (this) {
        watching = null;
        boolean cut = Thread.interrupted();
        if (seen == EndWatch.ENDED) {
          endSeen = true;
          endedUnconfirmed.add(job.id());
        } else if (seen == EndWatch.UNWATCHABLE && !cut) {
          unwatchable.add(job.id());
        }
      }
    }

    private boolean seesEveryEnd(TrackedJob job) {
      if (seesEveryEnd == null) {
        try {
          seesEveryEnd = watches.watchSeesEveryEnd(job);
        } catch (RuntimeException e) {
          seesEveryEnd = false;
        }
      }
      return seesEveryEnd;
    }

    /**
     * The one job waited on, when it is one, was sent, has not been seen ending (its waiters are
     * leaving) and may be watched; null otherwise.
     */
    private TrackedJob watchable() {
      TrackedJob first = waiters.get(0).job;
      boolean alone = waiters.stream().allMatch(w -> w.job.id() == first.id());
      boolean open = first.schedulerJobId() != null && !first.state().terminal();
      return alone
              && open
              && !unwatchable.contains(first.id())
              && !endedUnconfirmed.contains(first.id())
          ? first
          : null;
    }

    /** Nanoseconds until the next round is due; zero or less when it is. */
    private long untilDue(boolean watched) {
      if (endSeen) {
        return 0;
      }
      Duration interval = endedUnconfirmed.isEmpty() ? interval(youngest(), watched) : FASTEST;
      return lastRoundAt + interval.toNanos() - System.nanoTime();
    }

    private List<TrackedJob> round(Actor actor, List<TrackedJob> jobs) {
      try {
        return rounds.refresh(actor, jobs);
      } catch (RuntimeException e) {
        return jobs;
      }
    }

    private Duration youngest() {
      return waiters.stream().map(w -> age(w.job)).min(Duration::compareTo).orElse(Duration.ZERO);
    }
  }

  /**
   * How long the job has been running, or waiting when it has not started: a job that queued for an
   * hour and then runs for a second is looked at as often as a job just submitted.
   */
  private Duration age(TrackedJob job) {
    return age(job, now.get());
  }

  /** {@link #age(TrackedJob)} at {@code now}. Pure. */
  static Duration age(TrackedJob job, Instant now) {
    Instant since = job.startedAt() != null ? job.startedAt() : job.submittedAt();
    return Duration.between(since, now);
  }
}
