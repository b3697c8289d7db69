package io.examlops.fleet.console;

import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;

/**
 * The fleet view, rebuilt when the stores' version changed (clusters.yaml edited, or the audit
 * trail grew: every change to platform.db that a page shows is audited): a change made by the CLI
 * shows on the next request, and a page under load does not re-read 100,000 stored nodes each time.
 * What no file records (a key file's fingerprint, the mock's live node) is brought up to date in
 * the background once the view is {@link #MAX_AGE} old, while requests are still answered from the
 * view they have; the stored parts are not read again then.
 */
final class ViewCache implements AutoCloseable {
  static final Duration MAX_AGE = Duration.ofSeconds(10);

  /** A view and the state of the files it was built from. */
  private record Built(FleetView view, Object stamp, long atNanos) {}

  private final Supplier<Object> version;
  private final Supplier<FleetView> build;
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
   * @param build the view from the stores
   * @param refresh a view brought up to date with what no store records, the stores unchanged
   */
  ViewCache(Supplier<Object> version, Supplier<FleetView> build, UnaryOperator<FleetView> refresh) {
    this.version = version;
    this.build = build;
    this.refresh = refresh;
  }

  FleetView get() {
    Built current = built;
    if (current != null && current.stamp().equals(version.get())) {
      if (System.nanoTime() - current.atNanos() > MAX_AGE.toNanos()
          && rebuilding.compareAndSet(false, true)) {
        background.execute(
            () -> {
              try {
                refresh();
              } finally {
                rebuilding.set(false);
              }
            });
      }
      return current.view();
    }
    return rebuild();
  }

  /** Forgets the view, e.g. after a change the console made itself. */
  void invalidate() {
    built = null;
  }

  /** In the background: the stores unchanged, only what they do not record is read again. */
  private synchronized void refresh() {
    Object stamp = version.get();
    Built current = built;
    if (current != null && current.stamp().equals(stamp)) {
      built = new Built(refresh.apply(current.view()), stamp, System.nanoTime());
    } else {
      rebuild();
    }
  }

  private synchronized FleetView rebuild() {
    Object stamp = version.get();
    Built current = built;
    if (current != null
        && current.stamp().equals(stamp)
        && System.nanoTime() - current.atNanos() <= MAX_AGE.toNanos()) {
      return current.view(); // another request rebuilt it while this one waited
    }
    FleetView view = build.get();
    built = new Built(view, stamp, System.nanoTime());
    return view;
  }

  @Override
  public void close() {
    background.shutdownNow();
  }
}
