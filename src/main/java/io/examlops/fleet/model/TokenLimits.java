package io.examlops.fleet.model;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * What a submit token may use, set by the admin who creates it: the one place its rules and their
 * words live. Each rule is optional; a token without limits ({@link #NONE}) may use whatever its
 * scopes allow.
 *
 * @param clusters the clusters it may use; empty: any
 * @param partitions the partitions (Slurm) or queues (Flux) it may use, on any of those clusters;
 *     empty: any
 * @param maxGpusPerJob the most GPUs one job may ask for; {@code null}: no limit
 * @param maxRunningJobs the most of its jobs that may be unfinished at once (submitting, pending,
 *     running...); {@code null}: no limit. It also bounds the records left submitting.
 * @param gpuHours the GPU-hours its jobs submitted within the last {@code period} may use, counted
 *     as the scheduler accounted them (running jobs so far) plus what a new job asks (GPUs × its
 *     time limit, when it names one); {@code null}: no budget
 * @param period the period of the budget; {@code null} exactly when there is no budget
 */
public record TokenLimits(
    Set<String> clusters,
    Set<String> partitions,
    Integer maxGpusPerJob,
    Integer maxRunningJobs,
    BigDecimal gpuHours,
    Period period) {

  public static final TokenLimits NONE =
      new TokenLimits(Set.of(), Set.of(), null, null, null, null);

  /** A budget's period: a rolling window ending now. */
  public enum Period {
    DAY(Duration.ofDays(1)),
    WEEK(Duration.ofDays(7)),
    MONTH(Duration.ofDays(30));

    private final Duration length;

    Period(Duration length) {
      this.length = length;
    }

    public Duration length() {
      return length;
    }

    public String label() {
      return name().toLowerCase(Locale.ROOT);
    }

    /** {@code day}, {@code week} or {@code month}. */
    public static Period parse(String text) {
      for (Period p : values()) {
        if (p.label().equalsIgnoreCase(text == null ? "" : text.strip())) {
          return p;
        }
      }
      throw FleetException.invalid(
          "budget period " + Printable.quoted(text) + " is not day, week or month", "period");
    }
  }

  /** The rules, as errors and listings name them. */
  public enum Rule {
    CLUSTERS,
    PARTITIONS,
    MAX_GPUS_PER_JOB,
    MAX_RUNNING_JOBS,
    GPU_HOURS;

    public String label() {
      return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
  }

  /**
   * @throws FleetException {@link ErrorKind#INVALID_REQUEST} for a name that is not a cluster or
   *     partition name, a limit below 1, or a budget without its period (or the other way round)
   */
  public TokenLimits {
    clusters = names(clusters, "clusters");
    clusters.forEach(ClusterName::require);
    partitions = names(partitions, "partitions");
    requireAtLeastOne(maxGpusPerJob, "maxGpusPerJob", "the most GPUs a job may ask for");
    requireAtLeastOne(maxRunningJobs, "maxRunningJobs", "the most jobs running at once");
    if (gpuHours != null && gpuHours.signum() <= 0) {
      throw FleetException.invalid(
          "a GPU-hour budget of "
              + gpuHours.toPlainString()
              + " lets nothing run: give more than 0",
          "gpuHours");
    }
    if ((gpuHours == null) != (period == null)) {
      throw FleetException.invalid(
          "a GPU-hour budget needs its period and a period its budget: give both (e.g. 100 a"
              + " week) or neither",
          "gpuHours",
          "period");
    }
  }

  /** Whether any rule is set. */
  public boolean limited() {
    return !equals(NONE);
  }

  /** Refused when the token may not use {@code cluster}. */
  public Optional<String> refusesCluster(String token, String cluster) {
    if (clusters.isEmpty() || clusters.contains(cluster)) {
      return Optional.empty();
    }
    return refusal(token, Rule.CLUSTERS, "clusters " + String.join(", ", clusters), cluster);
  }

  /**
   * Refused when the token may not use {@code partition} ({@code null}: the cluster's default,
   * which is refused when partitions are limited and the default is not known).
   */
  public Optional<String> refusesPartition(String token, String partition) {
    if (partitions.isEmpty() || (partition != null && partitions.contains(partition))) {
      return Optional.empty();
    }
    return refusal(
        token,
        Rule.PARTITIONS,
        "partitions " + String.join(", ", partitions),
        partition == null ? "the cluster's default partition" : partition);
  }

  /** Refused when one job asks for more GPUs than the token allows. */
  public Optional<String> refusesGpus(String token, int gpus) {
    if (maxGpusPerJob == null || gpus <= maxGpusPerJob) {
      return Optional.empty();
    }
    return refusal(
        token, Rule.MAX_GPUS_PER_JOB, "at most " + maxGpusPerJob + " GPUs a job", gpus + " GPUs");
  }

  /** Refused when {@code unfinished} of the token's jobs leave no room for another. */
  public Optional<String> refusesAnotherJob(String token, int unfinished) {
    if (maxRunningJobs == null || unfinished < maxRunningJobs) {
      return Optional.empty();
    }
    return refusal(
        token,
        Rule.MAX_RUNNING_JOBS,
        "at most " + maxRunningJobs + " unfinished jobs at once",
        "another while " + unfinished + " have not ended");
  }

  /** Refused when {@code used} GPU-hours of the period and {@code asked} exceed the budget. */
  public Optional<String> refusesHours(String token, BigDecimal used, BigDecimal asked) {
    if (gpuHours == null
        || used.add(asked).compareTo(gpuHours) <= 0 && used.compareTo(gpuHours) < 0) {
      return Optional.empty();
    }
    return refusal(
        token,
        Rule.GPU_HOURS,
        gpuHours.stripTrailingZeros().toPlainString() + " GPU-hours a " + period.label(),
        used.stripTrailingZeros().toPlainString()
            + " used in the last "
            + period.label()
            + (asked.signum() > 0
                ? " and " + asked.stripTrailingZeros().toPlainString() + " asked"
                : ""));
  }

  /** What is left of the running-jobs limit and the budget, in words; empty without either. */
  public Optional<String> left(int unfinished, BigDecimal used) {
    StringBuilder words = new StringBuilder();
    if (maxRunningJobs != null) {
      words.append(Math.max(0, maxRunningJobs - unfinished)).append(" of ").append(maxRunningJobs);
      words.append(" jobs");
    }
    if (gpuHours != null) {
      if (words.length() > 0) {
        words.append(", ");
      }
      BigDecimal rest = gpuHours.subtract(used).max(BigDecimal.ZERO);
      words.append(rest.stripTrailingZeros().toPlainString()).append(" of ");
      words.append(gpuHours.stripTrailingZeros().toPlainString());
      words.append(" GPU-hours this ").append(period.label());
    }
    return words.length() == 0 ? Optional.empty() : Optional.of(words + " left");
  }

  /** The rules in one line, as the console's token list shows them; {@code none} without any. */
  public String describe() {
    StringBuilder words = new StringBuilder();
    if (!clusters.isEmpty()) {
      words.append("clusters ").append(String.join(", ", clusters)).append("; ");
    }
    if (!partitions.isEmpty()) {
      words.append("partitions ").append(String.join(", ", partitions)).append("; ");
    }
    if (maxGpusPerJob != null) {
      words.append("≤ ").append(maxGpusPerJob).append(" GPUs a job; ");
    }
    if (maxRunningJobs != null) {
      words.append("≤ ").append(maxRunningJobs).append(" jobs at once; ");
    }
    if (gpuHours != null) {
      words.append(gpuHours.stripTrailingZeros().toPlainString()).append(" GPU-hours a ");
      words.append(period.label()).append("; ");
    }
    return words.length() == 0 ? "none" : words.substring(0, words.length() - 2);
  }

  private static Optional<String> refusal(String token, Rule rule, String allows, String asked) {
    return Optional.of(
        "token "
            + token
            + " may use "
            + allows
            + " (rule "
            + rule.label()
            + "), not "
            + asked
            + ": ask an admin to change the token's limits, or use a token that allows it");
  }

  private static Set<String> names(Set<String> names, String field) {
    if (names == null) {
      return Set.of();
    }
    Set<String> sorted = new TreeSet<>();
    for (String name : names) {
      sorted.add(SafeName.require("name in " + field, name == null ? null : name.strip(), field));
    }
    return java.util.Collections.unmodifiableSet(sorted);
  }

  private static void requireAtLeastOne(Integer limit, String field, String what) {
    if (limit != null && limit < 1) {
      throw FleetException.invalid(what + " must be at least 1, got " + limit, field);
    }
  }
}
