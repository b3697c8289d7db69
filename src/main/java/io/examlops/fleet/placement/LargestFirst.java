package io.examlops.fleet.placement;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;

/**
 * Counts per node, largest first, kept as running sums: what the largest {@code k} nodes add up to
 * is one look-up, not a pass over the nodes (placement asks it of every partition of every cluster,
 * for every decision).
 */
final class LargestFirst {
  static final LargestFirst NONE = new LargestFirst(new int[] {0});

  /** {@code running[k]}: the sum of the {@code k} largest counts. */
  private final int[] running;

  private LargestFirst(int[] running) {
    this.running = running;
  }

  static LargestFirst of(Collection<Integer> counts) {
    int[] sorted = counts.stream().mapToInt(Integer::intValue).sorted().toArray();
    int[] running = new int[sorted.length + 1];
    for (int i = 0; i < sorted.length; i++) {
      running[i + 1] = running[i] + sorted[sorted.length - 1 - i];
    }
    return new LargestFirst(running);
  }

  int size() {
    return running.length - 1;
  }

  int total() {
    return running[size()];
  }

  /** The sum of the {@code k} largest counts (all of them when there are fewer). */
  int largest(int k) {
    return running[Math.min(k, size())];
  }

  /** The fewest counts that add up to {@code atLeast}; {@code null} when all of them do not. */
  Integer fewestFor(int atLeast) {
    if (total() < atLeast) {
      return null;
    }
    int index = Arrays.binarySearch(running, atLeast);
    if (index < 0) {
      return -index - 1;
    }
    // equal running sums follow zero counts: the first one is the fewest
    while (index > 0 && running[index - 1] == atLeast) {
      index--;
    }
    return index;
  }

  /**
   * These counts with {@code taken} removed, from the largest counts first: where claimed GPUs will
   * run is not known, so they are assumed to take the biggest slots.
   */
  LargestFirst less(int taken) {
    int left = taken;
    List<Integer> counts = new ArrayList<>();
    for (int i = 0; i < size(); i++) {
      int count = running[i + 1] - running[i];
      int removed = Math.min(count, left);
      left -= removed;
      counts.add(count - removed);
    }
    return of(counts);
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof LargestFirst that && Arrays.equals(running, that.running);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(running);
  }

  @Override
  public String toString() {
    return Arrays.toString(running);
  }
}
