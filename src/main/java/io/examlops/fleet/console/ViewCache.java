package io.examlops.fleet.console;

import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;

/**
 * The fleet view, built again when the stores' version changed (clusters.yaml edited, or the audit
 * trail grew: every change to platform.db that a page shows is audited): a change made by the CLI
 * shows on the next request, and a page under load does not re-read 100,000 stored nodes each time.
 * Building a view reads the clusters only; its other parts are worked out once, when a request
 * first needs them (see {@link FleetView}), so that a request waits for what it shows and nothing
 * more. What no file records (a key file's fingerprint, the mock's live node) is brought up to date
 * in the background once the view is {@link #MAX_AGE} old, while requests are still answered from
 * the view they have, and keep being answered while that runs; the stored parts are not read again
 * then.
 */
final class ViewCache implements AutoCloseable {
  static final Duration MAX_AGE = Duration.ofSeconds(10);

  /** Never the stores' version: a view with it is built again at the next request. */
  private static final Object FORGOTTEN = new Object();

  /** A view and the state of the files it was built from. */
  private record Built(FleetView view, Object stamp, long atNanos) {}

  private final Supplier<Object> version;
  private final UnaryOperator<FleetView> build;
  private final UnaryOperator<FleetView> refresh;
  private final AtomicBoolean rebuilding = new AtomicBoolean();
  private final ExecutorService background =
      Executors.newSingleThreadExecutor(
          r -> {
            Thread t = new Thread(r, "console-view");
            t.setDaemon(true);
            return t;
          });
  private volatile Built built;

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

  FleetView get() {
    Built current = built;
    Object stamp = version.get();
    if (current != null && current.stamp().equals(stamp)) {
      if (System.nanoTime() - current.atNanos() > MAX_AGE.toNanos()
          && rebuilding.compareAndSet(false, true)) {
        background.execute(
            () -> {
              try {
                refresh(current);
              } finally {
                rebuilding.set(false);
              }
            });
      }
      return current.view();
    }
    return rebuild(stamp);
  }

  /** Has the view built again at the next request, e.g. after a change the console made itself. */
  void invalidate() {
    Built current = built;
    if (current != null) {
      built = new Built(current.view(), FORGOTTEN, current.atNanos());
    }
  }

  /**
   * In the background: the stores unchanged, only what they do not record is read again. Worked out
   * outside the lock, so that a request that needs a view of changed stores does not wait for it;
   * kept only if no newer view came meanwhile.
   */
  private void refresh(Built from) {
    FleetView view = refresh.apply(from.view());
    synchronized (this) {
      if (built == from) {
        built = new Built(view, from.stamp(), System.nanoTime());
      }
    }
  }

  /**
   * The view of the stores at {@code stamp}, built by the first request that found them changed.
   * The requests queued behind it only compare stamps here: reading the version under the lock made
   * each of them read platform.db in turn (300 requests queued for 0.7 s in the live pages'
   * profile, docs/performance.md).
   */
  private synchronized FleetView rebuild(Object stamp) {
    Built current = built;
    if (current != null && current.stamp().equals(stamp)) {
      return current.view(); // another request built it while this one waited
    }
    FleetView view = build.apply(current == null ? null : current.view());
    built = new Built(view, stamp, System.nanoTime());
    return view;
  }

  @Override
  public void close() {
    background.shutdownNow();
  }
}
