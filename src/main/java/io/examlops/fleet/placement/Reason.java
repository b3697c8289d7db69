package io.examlops.fleet.placement;

import java.util.Objects;

/**
 * One filter's answer for a cluster or one of its partitions: what was asked, what is there, and
 * the two in words.
 *
 * @param rule the filter's rule
 * @param partition the partition or queue it was checked in; {@code null}: the whole cluster
 * @param status whether the cluster (partition) passes; {@code UNKNOWN} when the data cannot tell
 *     (declared capabilities have no per-node figures), which does not rule it out
 * @param asked what the job asks, in the rule's unit ({@link Rule})
 * @param there what the cluster has, in the same unit; {@code null} when unknown
 * @param words the two in a phrase, e.g. {@code only 4 GPUs in partition gpu}
 */
public record Reason(
    Rule rule, String partition, Status status, String asked, String there, String words) {

  /** A filter's outcome. */
  public enum Status {
    PASS,
    FAIL,
    UNKNOWN
  }

  public Reason {
    Objects.requireNonNull(rule, "rule");
    Objects.requireNonNull(status, "status");
    Objects.requireNonNull(asked, "asked");
    Objects.requireNonNull(words, "words");
  }

  public static Reason pass(Rule rule, String partition, Object asked, Object there, String words) {
    return new Reason(rule, partition, Status.PASS, text(asked), text(there), words);
  }

  public static Reason fail(Rule rule, String partition, Object asked, Object there, String words) {
    return new Reason(rule, partition, Status.FAIL, text(asked), text(there), words);
  }

  public static Reason unknown(Rule rule, String partition, Object asked, String words) {
    return new Reason(rule, partition, Status.UNKNOWN, text(asked), null, words);
  }

  public boolean failed() {
    return status == Status.FAIL;
  }

  private static String text(Object value) {
    return value == null ? null : value.toString();
  }
}
