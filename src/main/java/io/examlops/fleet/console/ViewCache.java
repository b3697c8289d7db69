package io.examlops.fleet.console;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * The fleet view, rebuilt when clusters.yaml changed (its size and time) or the audit trail grew
 * (every change to platform.db that a page shows is audited): a change made by the CLI shows on
 * the next request, and a page under load does not re-read 100,000 stored nodes each time. What no file records (a key file's fingerprint, the
 * mock's live node) is rebuilt in the background once the view is {@link #MAX_AGE} old, while
 * requests are still answered from the view they have.
 */
final class ViewCache implements AutoCloseable {
  static final Duration MAX_AGE = Duration.ofSeconds(10);

  /** A view and the state of the files it was built from. */
  private record Built(FleetView view, List<Object> stamp, long atNanos) {}

  private final Path clustersYaml;
  private final LongSupplier lastChange;
  private final Supplier<FleetView> build;
  private final AtomicBoolean rebuilding = new AtomicBoolean();
  private final ExecutorService background =
      Executors.newSingleThreadExecutor(
          r -> {
            Thread t = new Thread(r, "console-view");
            t.setDaemon(true);
            return t;
          });
  private volatile Built built;

  ViewCache(Path clustersYaml, LongSupplier lastChange, Supplier<FleetView> build) {
    this.clustersYaml = clustersYaml;
    this.lastChange = lastChange;
    this.build = build;
  }

  FleetView get() {
    Built current = built;
    if (current != null && current.stamp().equals(stamp())) {
      if (System.nanoTime() - current.atNanos() > MAX_AGE.toNanos()
          && rebuilding.compareAndSet(false, true)) {
        background.execute(
            () -> {
              try {
                rebuild();
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

  private synchronized FleetView rebuild() {
    List<Object> stamp = stamp();
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

  private List<Object> stamp() {
    List<Object> parts = new ArrayList<>();
    try {
      BasicFileAttributes a = Files.readAttributes(clustersYaml, BasicFileAttributes.class);
      parts.add(a.size());
      parts.add(a.lastModifiedTime());
    } catch (IOException e) {
      parts.add("absent");
    }
    parts.add(lastChange.getAsLong());
    return parts;
  }

  @Override
  public void close() {
    background.shutdownNow();
  }
}
