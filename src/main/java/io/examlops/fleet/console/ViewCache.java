package io.examlops.fleet.console;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * The fleet view, rebuilt only when clusters.yaml or platform.db changed (their size and time, the
 * WAL included), or when it is older than {@link #MAX_AGE}: a change made by the CLI shows on the
 * next request, and a page under load does not re-read 100,000 stored nodes each time.
 */
final class ViewCache {
  static final Duration MAX_AGE = Duration.ofSeconds(10);

  private final List<Path> files;
  private final Supplier<FleetView> build;
  private List<Object> stamp;
  private long builtAtNanos;
  private FleetView view;

  ViewCache(Path clustersYaml, Path platformDb, Supplier<FleetView> build) {
    this.files =
        List.of(
            clustersYaml,
            platformDb,
            platformDb.resolveSibling(platformDb.getFileName() + "-wal"));
    this.build = build;
  }

  synchronized FleetView get() {
    List<Object> now = stamp();
    if (view == null
        || !now.equals(stamp)
        || System.nanoTime() - builtAtNanos > MAX_AGE.toNanos()) {
      view = build.get();
      stamp = now;
      builtAtNanos = System.nanoTime();
    }
    return view;
  }

  /** Forgets the view, e.g. after a snapshot the console took itself. */
  synchronized void invalidate() {
    view = null;
  }

  private List<Object> stamp() {
    List<Object> parts = new ArrayList<>();
    for (Path file : files) {
      try {
        BasicFileAttributes a = Files.readAttributes(file, BasicFileAttributes.class);
        parts.add(a.size());
        parts.add(a.lastModifiedTime());
      } catch (IOException e) {
        parts.add("absent");
      }
    }
    return parts;
  }
}
