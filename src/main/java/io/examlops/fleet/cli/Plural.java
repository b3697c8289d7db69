package io.examlops.fleet.cli;

/** Counts in words: "1 GPU", "2 GPUs", "unknown GPUs". */
final class Plural {
  private Plural() {}

  static String of(Integer count, String noun) {
    if (count == null) {
      return "unknown " + noun + "s";
    }
    return count + " " + noun + (count == 1 ? "" : "s");
  }
}
