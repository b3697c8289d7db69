package io.examlops.fleet.hostlist;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Seeded random host lists and hostlist expressions for property tests: shared prefixes, runs,
 * gaps, duplicates, mixed padding, names without numbers and numbers in the middle of names.
 */
final class HostGenerator {
  private static final String[] PREFIXES = {"node", "n", "gpu-", "rack1-node", "c.", "", "NODE"};

  private HostGenerator() {}

  /**
   * Host names; with {@code near64Bits}, also numbers around 2^64-1 (Slurm clamps those beyond it,
   * so lists compared with scontrol leave them out).
   */
  static List<String> hosts(Random random, int count, boolean near64Bits) {
    List<String> hosts = new ArrayList<>(count);
    while (hosts.size() < count) {
      String prefix = PREFIXES[random.nextInt(PREFIXES.length)];
      int kind = random.nextInt(6);
      if (kind == 3 && !near64Bits) {
        kind = 4;
      }
      switch (kind) {
        case 0 -> hosts.add(prefix.isEmpty() ? "login" : prefix + "x");
        case 1 -> hosts.add(prefix + random.nextInt(20) + "-ib");
        case 2 ->
            hosts.add(hosts.isEmpty() ? prefix + "1" : hosts.get(random.nextInt(hosts.size())));
        case 3 -> hosts.add(prefix + "1844674407370955161" + random.nextInt(10));
        default -> {
          long start = random.nextInt(200);
          int width = random.nextInt(3) == 0 ? 1 + random.nextInt(5) : 0;
          int run = 1 + random.nextInt(12);
          for (int i = 0; i < run && hosts.size() < count; i++) {
            hosts.add(prefix + pad(start + i, width));
          }
        }
      }
    }
    return hosts;
  }

  /** An expression with one to three bracket groups and an optional suffix. */
  static String expression(Random random, boolean suffix) {
    StringBuilder out = new StringBuilder();
    int items = 1 + random.nextInt(3);
    for (int item = 0; item < items; item++) {
      if (item > 0) {
        out.append(',');
      }
      int groups = random.nextInt(4);
      out.append(PREFIXES[random.nextInt(PREFIXES.length - 1)]).append(groups == 0 ? "h" : "");
      for (int g = 0; g < groups; g++) {
        if (g > 0) {
          out.append("-s");
        }
        out.append('[').append(idList(random)).append(']');
      }
      if (suffix && groups > 0 && random.nextBoolean()) {
        out.append("-eth").append(random.nextInt(3));
      }
    }
    return out.toString();
  }

  private static String idList(Random random) {
    StringBuilder out = new StringBuilder();
    int elements = 1 + random.nextInt(3);
    for (int e = 0; e < elements; e++) {
      if (e > 0) {
        out.append(',');
      }
      long lo = random.nextInt(120);
      int width = random.nextInt(3) == 0 ? 2 + random.nextInt(3) : 0;
      out.append(pad(lo, width));
      if (random.nextBoolean()) {
        out.append('-').append(pad(lo + random.nextInt(6), random.nextInt(3)));
      }
    }
    return out.toString();
  }

  private static String pad(long value, int width) {
    String digits = Long.toString(value);
    return digits.length() >= width ? digits : "0".repeat(width - digits.length()) + digits;
  }
}
