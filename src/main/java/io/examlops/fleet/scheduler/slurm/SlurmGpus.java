package io.examlops.fleet.scheduler.slurm;

/**
 * GPU counts from the resource strings Slurm prints for jobs: TRES lists ({@code
 * cpu=4,mem=4000M,node=1,billing=4,gres/gpu=2}, also typed {@code gres/gpu:a100=2}) and GRES
 * requests ({@code gres:gpu:a100:2} in 22.05, {@code gres/gpu:2} from 23.02, {@code gpu:2} in older
 * {@code tres-per-job}, several comma-joined).
 */
final class SlurmGpus {
  private SlurmGpus() {}

  /**
   * The GPUs a list names, or {@code null} when it names none ({@code N/A}, empty, only other
   * resources). An untyped total wins over typed entries, since TRES lists carry both ({@code
   * gres/gpu=2,gres/gpu:a100=2}); typed entries alone are summed.
   *
   * @throws IllegalArgumentException when a GPU entry has a count that is not a number
   */
  static Integer count(String list) {
    if (list == null || list.isBlank() || list.trim().equalsIgnoreCase("N/A")) {
      return null;
    }
    Integer untyped = null;
    Integer typed = null;
    for (String raw : list.split(",")) {
      GpuEntry entry = GpuEntry.parse(raw.trim());
      if (entry == null) {
        continue;
      }
      if (entry.typed()) {
        typed = (typed == null ? 0 : typed) + entry.count();
      } else {
        untyped = (untyped == null ? 0 : untyped) + entry.count();
      }
    }
    return untyped != null ? untyped : typed;
  }

  private record GpuEntry(boolean typed, int count) {
    /** {@code null} when the item is not about GPUs (cpu=4, gres/gpumem=..., gres:nvme:2). */
    static GpuEntry parse(String item) {
      String body = item;
      if (body.startsWith("gres:") || body.startsWith("gres/")) {
        body = body.substring(5);
      }
      int paren = body.indexOf('(');
      if (paren >= 0) {
        body = body.substring(0, paren);
      }
      int eq = body.indexOf('=');
      String spec = eq >= 0 ? body.substring(0, eq) : body;
      String[] parts = spec.split(":", -1);
      if (!parts[0].equals("gpu")) {
        return null;
      }
      if (eq >= 0) {
        // TRES form: gpu=N or gpu:type=N
        return new GpuEntry(parts.length > 1, number(item, body.substring(eq + 1)));
      }
      // GRES form: gpu, gpu:N, gpu:type, gpu:type:N
      String last = parts[parts.length - 1];
      boolean lastIsCount = parts.length > 1 && last.chars().allMatch(Character::isDigit);
      int typeTokens = parts.length - 1 - (lastIsCount ? 1 : 0);
      return new GpuEntry(typeTokens > 0, lastIsCount ? number(item, last) : 1);
    }

    private static int number(String item, String digits) {
      try {
        return Integer.parseInt(digits.trim());
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException(
            "GPU entry '" + item + "' has a count '" + digits + "' that is not a whole number");
      }
    }
  }
}
