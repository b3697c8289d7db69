package io.examlops.fleet.jobs;

import static org.assertj.core.api.Assertions.assertThat;

import io.examlops.fleet.model.Actor;
import io.examlops.fleet.model.JobState;
import io.examlops.fleet.model.TrackedJob;
import io.examlops.fleet.scheduler.EndWatch;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * One watcher per cluster: however many callers wait, each round asks the scheduler once, for all
 * their jobs together; the interval is short after a submission and grows with the jobs' age.
 */
class JobWatcherTest {
  private static final Actor ANN = Actor.cli("ann");
  private static final Instant NOW = Instant.parse("2026-12-01T10:00:00Z");
  private static final Duration RENEW_EVERY = Duration.ofSeconds(30);

  private static TrackedJob job(long id, JobState state) {
    return new TrackedJob(
        id,
        "tc",
        Long.toString(4000 + id),
        "train",
        null,
        null,
        1,
        1,
        "gpu",
        state,
        "ann",
        NOW,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
        null);
  }

  @Test
  void theIntervalIsShortAfterASubmissionAndGrowsWithTheYoungestJobsAge() {
    assertThat(JobWatcher.interval(Duration.ZERO, false)).isEqualTo(JobWatcher.FASTEST);
    assertThat(JobWatcher.interval(Duration.ofMillis(1500), false)).isEqualTo(JobWatcher.FASTEST);
    assertThat(JobWatcher.interval(Duration.ofSeconds(12), false)).isEqualTo(Duration.ofSeconds(2));
    assertThat(JobWatcher.interval(Duration.ofSeconds(60), false))
        .isEqualTo(Duration.ofSeconds(10));
    assertThat(JobWatcher.interval(Duration.ofHours(5), false)).isEqualTo(JobWatcher.SLOWEST);
    assertThat(JobWatcher.interval(Duration.ZERO, true))
        .as("a watched job's end comes from its scheduler")
        .isEqualTo(JobWatcher.SLOWEST);
  }

  @Test
  void aWatchedJobIsSeenEndingWhenItsSchedulerSaysSoWithoutPolling() throws Exception {
    // the job is 1 s old: polled, it would be asked about every quarter of a second
    AtomicBoolean ended = new AtomicBoolean();
    AtomicInteger rounds = new AtomicInteger();
    AtomicInteger watches = new AtomicInteger();
    JobWatcher watcher =
        new JobWatcher(
            (actor, jobs) -> {
              rounds.incrementAndGet();
              JobState state = ended.get() ? JobState.COMPLETED : JobState.RUNNING;
              return jobs.stream().map(j -> job(j.id(), state)).toList();
            },
            (actor, job, upTo) -> {
              watches.incrementAndGet();
              ended.set(true);
              return EndWatch.ENDED;
            },
            () -> NOW.plusSeconds(1),
            RENEW_EVERY);

    TrackedJob last = watcher.await(ANN, job(1, JobState.RUNNING), Duration.ofMinutes(5), () -> {});

    assertThat(last.state()).isEqualTo(JobState.COMPLETED);
    assertThat(rounds.get()).as("one round, right after the watch saw the end").isEqualTo(1);
    assertThat(watches.get()).isEqualTo(1);
  }

  /** A watch, like Slurm's exit record, that a job killed before it wrote its end never ends. */
  private static JobWatcher.Watches missingSomeEnds(
      java.util.function.Function<Duration, EndWatch> watch) {
    return new JobWatcher.Watches() {
      @Override
      public EndWatch watch(Actor actor, TrackedJob job, Duration upTo) {
        return watch.apply(upTo);
      }

      @Override
      public boolean watchSeesEveryEnd(TrackedJob job) {
        return false;
      }
    };
  }

  @Test
  void aJobWhoseWatchMaySeeNoEndIsStillPolledAtItsInterval() throws Exception {
    AtomicInteger rounds = new AtomicInteger();
    List<Duration> watchedFor = new java.util.concurrent.CopyOnWriteArrayList<>();
    JobWatcher watcher =
        completingAtRound(
            3,
            rounds,
            RENEW_EVERY,
            missingSomeEnds(
                upTo -> {
                  watchedFor.add(upTo);
                  return EndWatch.QUIET;
                }));

    TrackedJob last = watcher.await(ANN, job(1, JobState.RUNNING), Duration.ofMinutes(5), () -> {});

    assertThat(last.state())
        .as("the end the watch missed, seen by the rounds")
        .isEqualTo(JobState.COMPLETED);
    assertThat(rounds.get()).isEqualTo(3);
    assertThat(watchedFor)
        .as("each watch lasts until the next round of a 1 s old job, not the 15 s of a sure watch")
        .isNotEmpty()
        .allSatisfy(upTo -> assertThat(upTo).isLessThanOrEqualTo(JobWatcher.FASTEST));
  }

  @Test
  void anEndTheWatchSawThatTheSchedulerDoesNotShowYetIsPolledAtOnceAgainNotWatched()
      throws Exception {
    // an hour-old job: polled, it would be asked about every 15 s
    AtomicInteger rounds = new AtomicInteger();
    AtomicInteger watches = new AtomicInteger();
    // slurmctld still lists it completing after the record said it ended
    JobWatcher watcher =
        completingAtRound(
            2,
            rounds,
            JobState.COMPLETING,
            Duration.ofHours(1),
            RENEW_EVERY,
            missingSomeEnds(
                upTo -> {
                  watches.incrementAndGet();
                  return EndWatch.ENDED;
                }));

    // less than the 15 s an hour-old job's next round would take: only the fastest interval fits
    TrackedJob last =
        watcher.await(ANN, job(1, JobState.RUNNING), Duration.ofSeconds(12), () -> {});

    assertThat(last.state()).isEqualTo(JobState.COMPLETED);
    assertThat(rounds.get()).isEqualTo(2);
    assertThat(watches.get()).as("its end was seen once: not watched again").isEqualTo(1);
  }

  @Test
  void aJobItsSchedulerCannotWatchIsPolled() throws Exception {
    AtomicInteger rounds = new AtomicInteger();
    AtomicInteger watches = new AtomicInteger();
    JobWatcher watcher =
        completingAtRound(
            3,
            rounds,
            RENEW_EVERY,
            (actor, job, upTo) -> {
              watches.incrementAndGet();
              return EndWatch.UNWATCHABLE;
            });

    TrackedJob last = watcher.await(ANN, job(1, JobState.RUNNING), Duration.ofMinutes(5), () -> {});

    assertThat(last.state()).isEqualTo(JobState.COMPLETED);
    assertThat(rounds.get()).isEqualTo(3);
    assertThat(watches.get()).as("asked once, then polled").isEqualTo(1);
  }

  @Test
  void aFollowerOfTheWatchedJobThatComesBackLeavesTheWatchRunning() throws Exception {
    CountDownLatch watching = new CountDownLatch(1);
    CountDownLatch end = new CountDownLatch(1);
    AtomicInteger watches = new AtomicInteger();
    AtomicBoolean cut = new AtomicBoolean();
    JobWatcher watcher =
        new JobWatcher(
            (actor, jobs) -> {
              JobState state = end.getCount() == 0 ? JobState.COMPLETED : JobState.RUNNING;
              return jobs.stream().map(j -> job(j.id(), state)).toList();
            },
            (actor, job, upTo) -> {
              watches.incrementAndGet();
              return watchUntil(end, watching, cut, upTo);
            },
            () -> NOW,
            RENEW_EVERY);
    ExecutorService pool = Executors.newSingleThreadExecutor();
    Future<TrackedJob> waiting = waiterOnAWatchedJob(pool, watcher, watching);

    // logs --follow: waits a little, reads the output, comes back to the same job
    for (int i = 0; i < 5; i++) {
      watcher.await(ANN, job(1, JobState.RUNNING), Duration.ofMillis(20), () -> {});
    }
    end.countDown();

    assertThat(waiting.get().state()).isEqualTo(JobState.COMPLETED);
    assertThat(cut).isFalse();
    assertThat(watches.get()).isEqualTo(1);
    pool.shutdown();
  }

  @Test
  void aJobSubmittedBesideAWatchedOneCutsTheWatchShortAndIsPolled() throws Exception {
    CountDownLatch watching = new CountDownLatch(1);
    CountDownLatch never = new CountDownLatch(1);
    AtomicBoolean cut = new AtomicBoolean();
    JobWatcher watcher =
        new JobWatcher(
            (actor, jobs) ->
                jobs.stream()
                    .map(j -> job(j.id(), j.id() == 2 ? JobState.COMPLETED : JobState.RUNNING))
                    .toList(),
            (actor, job, upTo) -> watchUntil(never, watching, cut, upTo),
            () -> NOW,
            RENEW_EVERY);
    ExecutorService pool = Executors.newSingleThreadExecutor();
    Future<TrackedJob> first = waiterOnAWatchedJob(pool, watcher, watching);

    // a watch lasts until a round is due, 15 s for a watched job: this waiter's limit is less
    TrackedJob second =
        watcher.await(ANN, job(2, JobState.RUNNING), Duration.ofSeconds(10), () -> {});

    assertThat(second.state()).isEqualTo(JobState.COMPLETED);
    assertThat(cut).isTrue();
    first.cancel(true);
    pool.shutdownNow();
  }

  @Test
  void manyWaitersAreServedByRoundsThatAskForAllTheirJobsAtOnce() throws Exception {
    int waiters = 40;
    AtomicInteger rounds = new AtomicInteger();
    ConcurrentLinkedQueue<Integer> asked = new ConcurrentLinkedQueue<>();
    // the scheduler says every job asked about has completed
    JobWatcher watcher =
        new JobWatcher(
            (actor, jobs) -> {
              rounds.incrementAndGet();
              asked.add(jobs.size());
              return jobs.stream().map(j -> job(j.id(), JobState.COMPLETED)).toList();
            },
            JobWatcher.Watches.NONE,
            () -> NOW,
            RENEW_EVERY);
    AtomicInteger renewed = new AtomicInteger();
    ExecutorService pool = Executors.newFixedThreadPool(waiters);
    List<Future<TrackedJob>> seen = new ArrayList<>();
    for (int i = 0; i < waiters; i++) {
      TrackedJob running = job(i % 10, JobState.RUNNING); // ten jobs, four waiters each
      seen.add(
          pool.submit(
              () -> watcher.await(ANN, running, Duration.ofMinutes(5), renewed::incrementAndGet)));
    }
    for (Future<TrackedJob> f : seen) {
      assertThat(f.get().state()).isEqualTo(JobState.COMPLETED);
    }
    pool.shutdown();

    assertThat(rounds.get()).as("rounds for %d waiters", waiters).isLessThan(waiters / 4);
    assertThat(asked)
        .as("each round asks once for each job, not once per waiter")
        .allMatch(n -> n <= 10);
    assertThat(renewed.get()).as("every waiter renews what it waits on").isEqualTo(waiters);
  }

  @Test
  void aFollowerThatWaitsLessThanTheIntervalAtATimeStillSeesTheEnd() throws Exception {
    // the job is 6 s old, so rounds are a second apart; the follower (logs --follow) waits a
    // tenth of that at a time and reads the output in between, as JobLogs does
    AtomicInteger rounds = new AtomicInteger();
    JobWatcher watcher =
        new JobWatcher(
            (actor, jobs) -> {
              rounds.incrementAndGet();
              return jobs.stream().map(j -> job(j.id(), JobState.COMPLETED)).toList();
            },
            JobWatcher.Watches.NONE,
            () -> NOW.plusSeconds(6),
            RENEW_EVERY);
    TrackedJob seen = job(1, JobState.RUNNING);
    for (int tries = 0; !seen.state().terminal(); tries++) {
      assertThat(tries).as("rounds so far: %s", rounds).isLessThan(600);
      seen = watcher.await(ANN, seen, Duration.ofMillis(100), () -> {});
    }

    assertThat(seen.state()).isEqualTo(JobState.COMPLETED);
    assertThat(rounds.get()).isEqualTo(1);
  }

  @Test
  void aJobsAgeCountsFromItsStartOnceItStarted() {
    TrackedJob queued = job(1, JobState.PENDING);
    TrackedJob started =
        queued.observed(
            JobState.RUNNING, NOW.plusSeconds(3600), null, null, null, null, null, null);
    Instant later = NOW.plusSeconds(3601);

    assertThat(JobWatcher.age(queued, later)).isEqualTo(Duration.ofSeconds(3601));
    assertThat(JobWatcher.age(started, later)).isEqualTo(Duration.ofSeconds(1));
    assertThat(JobWatcher.interval(JobWatcher.age(started, later), false))
        .isEqualTo(JobWatcher.FASTEST);
  }

  @Test
  void aWaitEndsAtItsLimitWithTheJobAsLastSeen() throws Exception {
    JobWatcher watcher =
        new JobWatcher((actor, jobs) -> jobs, JobWatcher.Watches.NONE, () -> NOW, RENEW_EVERY);

    TrackedJob last = watcher.await(ANN, job(1, JobState.RUNNING), Duration.ofMillis(50), () -> {});

    assertThat(last.state()).isEqualTo(JobState.RUNNING);
  }

  @Test
  void aWaiterRenewsAfterTheFirstRoundThatSawItsJobThenOnlyOncePerRenewalInterval()
      throws Exception {
    // the job is 1 s old: rounds come every quarter of a second, the job still running after five
    AtomicInteger rounds = new AtomicInteger();
    JobWatcher watcher = completingAtRound(6, rounds, Duration.ofHours(1), JobWatcher.Watches.NONE);
    AtomicInteger renewed = new AtomicInteger();

    TrackedJob last =
        watcher.await(
            ANN, job(1, JobState.RUNNING), Duration.ofMinutes(5), renewed::incrementAndGet);

    assertThat(last.state()).isEqualTo(JobState.COMPLETED);
    assertThat(rounds.get()).isEqualTo(6);
    assertThat(renewed.get()).as("renewals in %s rounds", rounds).isEqualTo(1);
  }

  @Test
  void withARenewalIntervalOfZeroEveryRoundThatSawTheJobRenews() throws Exception {
    AtomicInteger rounds = new AtomicInteger();
    JobWatcher watcher = completingAtRound(6, rounds, Duration.ZERO, JobWatcher.Watches.NONE);
    AtomicInteger renewed = new AtomicInteger();

    watcher.await(ANN, job(1, JobState.RUNNING), Duration.ofMinutes(5), renewed::incrementAndGet);

    // a round that came while the waiter was not yet back counts once: at least two of the six
    assertThat(renewed.get()).isBetween(2, 6);
  }

  /** A waiter on job 1, in {@code pool}, once the watcher watches the job for it. */
  private static Future<TrackedJob> waiterOnAWatchedJob(
      ExecutorService pool, JobWatcher watcher, CountDownLatch watching) throws Exception {
    Future<TrackedJob> waiter =
        pool.submit(
            () -> watcher.await(ANN, job(1, JobState.RUNNING), Duration.ofMinutes(1), () -> {}));
    assertThat(watching.await(1, TimeUnit.MINUTES)).isTrue();
    return waiter;
  }

  /**
   * A watch that lasts until {@code end} or {@code upTo}, as flux job wait-event does, saying it
   * began ({@code watching}) and whether it was cut short by an interrupt ({@code cut}).
   */
  private static EndWatch watchUntil(
      CountDownLatch end, CountDownLatch watching, AtomicBoolean cut, Duration upTo) {
    watching.countDown();
    try {
      end.await(upTo.toNanos(), TimeUnit.NANOSECONDS);
    } catch (InterruptedException e) {
      cut.set(true);
      Thread.currentThread().interrupt();
    }
    return end.getCount() == 0 ? EndWatch.ENDED : EndWatch.QUIET;
  }

  /**
   * A watcher of a 1 s old job that its scheduler says has completed at round {@code last}, watched
   * with {@code watches}.
   */
  private static JobWatcher completingAtRound(
      int last, AtomicInteger rounds, Duration renewEvery, JobWatcher.Watches watches) {
    return completingAtRound(
        last, rounds, JobState.RUNNING, Duration.ofSeconds(1), renewEvery, watches);
  }

  /** As above, the job {@code age} old and {@code before} in the rounds before {@code last}. */
  private static JobWatcher completingAtRound(
      int last,
      AtomicInteger rounds,
      JobState before,
      Duration age,
      Duration renewEvery,
      JobWatcher.Watches watches) {
    return new JobWatcher(
        (actor, jobs) ->
            jobs.stream()
                .map(
                    j -> job(j.id(), rounds.incrementAndGet() < last ? before : JobState.COMPLETED))
                .toList(),
        watches,
        () -> NOW.plus(age),
        renewEvery);
  }
}
