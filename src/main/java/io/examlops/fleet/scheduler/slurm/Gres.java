package io.examlops.fleet.scheduler.slurm;

import io.examlops.fleet.model.GpuGroup;
import io.examlops.fleet.scheduler.Brackets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Reads Slurm GRES strings and keeps their GPUs.
 *
 * <p>Forms handled: {@code (null)}, empty, {@code N/A}; {@code gpu:4}, {@code gpu:a100:4}, {@code
 * gpu:(null):3}; an annotation in parentheses after the count ({@code (S:0-1)}, {@code (S:0,2-3)},
 * {@code (IDX:0-1)}, {@code (IDX:N/A)}), whose commas do not separate items; several items
 * comma-joined, GPU or not ({@code gpu:a100:2,tmp:844G,mps:20}); the {@code gres:} prefix of squeue
 * and the {@code gres/gpu:a100=2} TRES form; a count with a K/M/G/T/P multiplier. A {@code gpu}
 * item without a count ({@code gpu}, {@code gpu:a100}) means one, as in {@code --gres}. Items of
 * other GRES (mps, shard, nvme, tmp) are skipped unread.
 */
public final class Gres {
  private Gres() {}

  /** The GPU groups of a GRES string, same-type items summed, in first-seen order. */
  public static List<GpuGroup> gpus(String gres) {
    Map<String, Integer> byType = new LinkedHashMap<>();
    for (String item : items(gres)) {
      GpuItem gpu = gpuItem(gres, item);
      if (gpu != null) {
        byType.merge(gpu.type == null ? "" : gpu.type, gpu.count, (a, b) -> sum(gres, a, b));
      }
    }
    List<GpuGroup> groups = new ArrayList<>();
    byType.forEach((type, count) -> groups.add(new GpuGroup(type.isEmpty() ? null : type, count)));
    return groups;
  }

  /** All GPUs of a GRES string, e.g. the in-use count of a GresUsed string. */
  public static int gpuCount(String gres) {
    return gpus(gres).stream().map(GpuGroup::count).reduce(0, (a, b) -> sum(gres, a, b));
  }

  private static int sum(String gres, int a, int b) {
    try {
      return Math.addExact(a, b);
    } catch (ArithmeticException e) {
      throw bad(gres, "its GPU counts add up to a number too large to be real");
    }
  }

  private record GpuItem(String type, int count) {}

  /** Splits on commas outside parentheses; blank and null-like strings have no items. */
  private static List<String> items(String gres) {
    List<String> items = new ArrayList<>();
    if (gres == null) {
      return items;
    }
    String text = gres.trim();
    if (text.isEmpty() || text.equals("(null)") || text.equalsIgnoreCase("N/A")) {
      return items;
    }
    try {
      Brackets.ROUND.split(text, ',').stream().map(String::trim).forEach(items::add);
    } catch (IllegalArgumentException e) {
      throw bad(gres, e.getMessage());
    }
    items.removeIf(String::isEmpty);
    return items;
  }

  private static GpuItem gpuItem(String gres, String item) {
    String body = stripAnnotation(item);
    String lower = body.toLowerCase(Locale.ROOT);
    if (lower.startsWith("gres:") || lower.startsWith("gres/")) {
      body = body.substring(5);
    }
    String count = null;
    int eq = body.indexOf('=');
    if (eq >= 0) {
      count = body.substring(eq + 1);
      body = body.substring(0, eq);
    }
    String[] parts = body.split(":", -1);
    if (!parts[0].equalsIgnoreCase("gpu")) {
      return null;
    }
    String type = null;
    if (count == null) {
      if (parts.length == 3) {
        type = parts[1];
        count = parts[2];
      } else if (parts.length == 2 && isCount(parts[1])) {
        count = parts[1];
      } else if (parts.length == 2) {
        type = parts[1];
        count = "1";
      } else if (parts.length == 1) {
        count = "1";
      } else {
        throw bad(gres, "'" + item + "' has more parts than gpu:TYPE:COUNT");
      }
    } else if (parts.length == 2) {
      type = parts[1];
    } else if (parts.length > 2) {
      throw bad(gres, "'" + item + "' has more parts than gres/gpu:TYPE=COUNT");
    }
    if (type != null && (type.isEmpty() || type.equals("(null)"))) {
      type = null;
    }
    return new GpuItem(type, parseCount(gres, item, count));
  }

  /**
   * Drops a trailing "(S:0-1)" / "(IDX:0,2)" annotation, looking after the last ':' outside
   * parentheses so that "gpu:(null):3(IDX:0-2)" keeps "(null)".
   */
  private static String stripAnnotation(String item) {
    int open = item.indexOf('(', Math.max(0, Brackets.ROUND.lastIndexOf(item, ':')));
    return open < 0 ? item : item.substring(0, open);
  }

  private static boolean isCount(String text) {
    return !text.isEmpty() && Character.isDigit(text.charAt(0));
  }

  private static int parseCount(String gres, String item, String text) {
    String digits = text.trim();
    long multiplier = 1;
    if (!digits.isEmpty()) {
      int power = "KMGTP".indexOf(Character.toUpperCase(digits.charAt(digits.length() - 1)));
      if (power >= 0) {
        multiplier = 1L << (10 * (power + 1));
        digits = digits.substring(0, digits.length() - 1);
      }
    }
    if (digits.isEmpty() || !digits.chars().allMatch(Character::isDigit)) {
      throw bad(gres, "'" + item + "' has no valid GPU count ('" + text + "')");
    }
    try {
      return Math.toIntExact(Math.multiplyExact(Long.parseLong(digits), multiplier));
    } catch (ArithmeticException | NumberFormatException e) {
      throw bad(gres, "'" + item + "' has a GPU count too large to be real ('" + text + "')");
    }
  }

  private static IllegalArgumentException bad(String gres, String problem) {
    return new IllegalArgumentException("invalid GRES '" + gres + "': " + problem);
  }
}
