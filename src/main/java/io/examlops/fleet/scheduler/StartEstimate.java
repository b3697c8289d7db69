package io.examlops.fleet.scheduler;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Objects;

/**
 * The scheduler's own answer to "if I submit this now, does it run or queue?", which only its
 * scheduler knows: it counts the jobs ahead by priority and the nodes it holds for them, which a
 * count of idle GPUs cannot see.
 *
 * @param kind what the answer was
 * @param start when the scheduler would start the job ({@link Kind#NOW}, {@link Kind#LATER})
 * @param nodes the nodes it would start on, in its words ({@code null}: not said)
 * @param partition the partition it would start in ({@code null}: not said)
 * @param words the scheduler's refusal, or why it could not be asked
 * @param source the command that answered, for the words
 */
public record StartEstimate(
    Kind kind, Instant start, String nodes, String partition, String words, String source) {

  /**
   * How far after the moment of asking a start still counts as now: the scheduler's and the login
   * node's clocks may differ by a few seconds, and its answer rounds to the second.
   */
  public static final Duration NOW_WITHIN = Duration.ofSeconds(15);

  private static final DateTimeFormatter SHOWN =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss 'UTC'").withZone(ZoneOffset.UTC);

  public enum Kind {
    /** It would start at once. */
    NOW,
    /** It would wait until {@code start}. */
    LATER,
    /** The scheduler would refuse the job as asked. */
    REFUSED,
    /** The scheduler could not be asked, or its answer not read. */
    UNAVAILABLE
  }

  public StartEstimate {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(source, "source");
  }

  /**
   * @param askedAt the cluster's clock when it was asked
   */
  public static StartEstimate at(
      Instant start, Instant askedAt, String nodes, String partition, String source) {
    Kind kind = start.isAfter(askedAt.plus(NOW_WITHIN)) ? Kind.LATER : Kind.NOW;
    return new StartEstimate(kind, start, nodes, partition, null, source);
  }

  public static StartEstimate refused(String words, String source) {
    return new StartEstimate(Kind.REFUSED, null, null, null, words, source);
  }

  public static StartEstimate unavailable(String why, String source) {
    return new StartEstimate(Kind.UNAVAILABLE, null, null, null, why, source);
  }

  /** What the scheduler said, in words that name it and the command. */
  public String describe(String scheduler) {
    String where =
        (nodes == null ? "" : " on " + nodes)
            + (partition == null ? "" : " in partition " + partition)
            + " (`"
            + source
            + "`)";
    return switch (kind) {
      case NOW -> scheduler + " would start it now" + where;
      case LATER ->
          scheduler
              + " expects it to start at "
              + SHOWN.format(start)
              + where
              + ", not now: jobs ahead of it in the queue, or the nodes held for them, come first";
      case REFUSED -> scheduler + " would refuse it: " + words + " (`" + source + "`)";
      case UNAVAILABLE -> scheduler + "'s own start estimate is unavailable: " + words;
    };
  }
}
