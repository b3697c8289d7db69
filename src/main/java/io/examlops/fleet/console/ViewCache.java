package io.examlops.fleet.console;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;

/**
 * The fleet view, built again when the stores' version changed (clusters.yaml edited, or the audit
 * trail grew: every change to platform.db that a page shows is audited), so that a page under load
 * does not re-read 100,000 stored nodes each time. Building a view reads the clusters only; its
 * other parts are worked out once, when a request first needs them (see {@link FleetView}).
 *
 * <p>No request waits for another request's build. The request that finds the stores changed builds
 * the view of them on its own thread and answers from it; a request that finds the same change
 * while that build runs is answered from the view before it, one change behind for the few
 * milliseconds of the build; every request that starts after the build ends sees the change. Those
 * that must see every change already made wait instead ({@link #fresh()}): the live feed before it
 * tells the pages, and the console after a request of its own changed something (the maker's next
 * request shows its change). A view is replaced only by one whose build started later, so what
 * requests see never goes back.
 *
 * <p>What no file records (a key file's fingerprint, the mock's live node) is brought up to date in
 * the background once the view is {@link #MAX_AGE} old, while requests are still answered from the
 * view they have; the stored parts are not read again then.
 */
final class ViewCache implements AutoCloseable {
  static final Duration MAX_AGE = Duration.ofSeconds(10);

  /** What a view was built from: the stores' version, and how often it was invalidated before. */
  private record Stamp(long generation, Object version) {}

  /** A view, what it was built from, and the order in which its build started. */
  private record Built(FleetView view, Stamp stamp, long order, long atNanos) {}

  /** A build under way, on the thread of the request that started it. */
  private record Building(Stamp stamp, long order, CompletableFuture<FleetView> done) {}

  private final Supplier<Object> version;
  private final UnaryOperator<FleetView> build;
  private final UnaryOperator<FleetView> refresh;
  private final AtomicReference<Built> built = new AtomicReference<>();
  private final AtomicReference<Building> building = new AtomicReference<>();
  private final AtomicLong builds = new AtomicLong();
  private final AtomicLong generation = new AtomicLong();
  private final AtomicBoolean refreshing = new AtomicBoolean();
  private final ExecutorService background =
      Executors.newSingleThreadExecutor(Daemons.named("console-view"));

  /**
   * @param version what the stores hold now, in a value that changes with any change shown
   * @param build the view from the stores, given the view before ({@code null} when none)
   * @param refresh a view brought up to date with what no store records, the stores unchanged
   */
  ViewCache(
      Supplier<Object> version, UnaryOperator<FleetView> build, UnaryOperator<FleetView> refresh) {
    this.version = version;
    this.build = build;
    this.refresh = refresh;
  }

  /**
   * The view of the stores as they are now; while another request builds the view of the very same
   * change, the view before it, without waiting.
   */
  FleetView get() {
    return view(false);
  }

  /** The view of the stores as they are now, waiting for another request's build of them. */
  FleetView fresh() {
    return view(true);
  }

  /**
   * Has the view built again at the next request (e.g. after a change the console made itself that
   * the stores' version does not count), by no build that started before.
   */
  void invalidate() {
    generation.incrementAndGet();
  }

  private FleetView view(boolean waitForOthers) {
    Stamp stamp = new Stamp(generation.get(), version.get());
    while (true) {
      Built current = built.get();
      if (current != null && current.stamp().equals(stamp)) {
        refreshIfOld(current);
        return current.view();
      }
      Building other = building.get();
      if (other != null && other.stamp().equals(stamp)) {
        return current != null && !waitForOthers ? current.view() : await(other);
      }
      Building mine = new Building(stamp, builds.incrementAndGet(), new CompletableFuture<>());
      if (building.compareAndSet(other, mine)) {
        return build(mine, current);
      }
      // another request started a build meanwhile: look again at what it builds
    }
  }

  private FleetView build(Building mine, Built before) {
    try {
      FleetView view = build.apply(before == null ? null : before.view());
      publish(new Built(view, mine.stamp(), mine.order(), System.nanoTime()));
      mine.done().complete(view);
      return view;
    } catch (RuntimeException | Error e) {
      // the requests waiting for it learn why; the next one tries again
      mine.done().completeExceptionally(e);
      throw e;
    } finally {
      building.compareAndSet(mine, null);
    }
  }

  /** Kept unless a view whose build started later was kept already. */
  private void publish(Built made) {
    built.accumulateAndGet(made, (kept, m) -> kept == null || kept.order() < m.order() ? m : kept);
  }

  private static FleetView await(Building other) {
    try {
      return other.done().join();
    } catch (CompletionException e) {
      if (e.getCause() instanceof RuntimeException cause) {
        throw cause;
      }
      throw e;
    }
  }

  private void refreshIfOld(Built current) {
    if (System.nanoTime() - current.atNanos() > MAX_AGE.toNanos()
        && refreshing.compareAndSet(false, true)) {
      background.execute(
          () -> {
            try {
              FleetView view = refresh.apply(current.view());
              // kept only if no newer view came meanwhile
              built.compareAndSet(
                  current, new Built(view, current.stamp(), current.order(), System.nanoTime()));
            } finally {
              refreshing.set(false);
            }
          });
    }
  }

  @Override
  public void close() {
    background.shutdownNow();
  }
}
