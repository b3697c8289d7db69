package io.examlops.fleet.placement;

/** How placement words its choice of partition for a job that names none. */
final class PartitionChoice {
  private PartitionChoice() {}

  /**
   * {@code the default partition}, or why not the default one; empty when the cluster is weighed as
   * a whole (no partition).
   *
   * @param defaultCanHold whether the default partition passed every filter (it then lost only for
   *     having no room now)
   */
  static String words(String chosen, String defaultPartition, boolean defaultCanHold) {
    if (chosen == null || defaultPartition == null) {
      return "";
    }
    if (chosen.equals(defaultPartition)) {
      return "the default partition";
    }
    return "no partition asked; the default partition "
        + defaultPartition
        + (defaultCanHold ? " has no room for it now" : " cannot hold it");
  }
}
