package io.examlops.fleet.model.capacity;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.List;
import java.util.Objects;

/**
 * GPU-hours of tracked jobs: the sum of those known, and how many jobs had none known. An unknown
 * figure is never added as 0 (a busy cluster would look cheap); it is counted apart.
 *
 * @param known the sum of the known figures
 * @param jobs jobs counted
 * @param unknownJobs of those, jobs whose GPU-hours are unknown
 */
public record GpuHoursTally(BigDecimal known, int jobs, int unknownJobs) {
  public static final GpuHoursTally NONE = new GpuHoursTally(BigDecimal.ZERO, 0, 0);

  /** Decimals of GPU-hours in tables and lines. */
  public static final int DECIMALS_SHOWN = 2;

  public GpuHoursTally {
    Objects.requireNonNull(known, "known");
  }

  /** Tallies figures where {@code null} means unknown. */
  public static GpuHoursTally of(List<BigDecimal> figures) {
    BigDecimal sum = BigDecimal.ZERO;
    int unknown = 0;
    for (BigDecimal figure : figures) {
      if (figure == null) {
        unknown++;
      } else {
        sum = sum.add(figure);
      }
    }
    return new GpuHoursTally(sum, figures.size(), unknown);
  }

  public GpuHoursTally plus(GpuHoursTally other) {
    return new GpuHoursTally(
        known.add(other.known), jobs + other.jobs, unknownJobs + other.unknownJobs);
  }

  /**
   * GPU-hours as people read them wherever they are shown: two decimals ({@code 0.00} for a job of
   * a few GPU-seconds; JSON keeps the figure as recorded).
   */
  public static String shown(BigDecimal hours) {
    return hours.setScale(DECIMALS_SHOWN, RoundingMode.HALF_UP).toPlainString();
  }

  /** Whether every job's figure is known, so that {@link #known()} is the whole total. */
  public boolean complete() {
    return unknownJobs == 0;
  }

  /** The total; {@code null} when any job's figure is unknown. */
  public BigDecimal total() {
    return complete() ? known : null;
  }

  /** {@code 12.50 GPU-h}, or {@code 12.50 GPU-h + 2 jobs unknown}. */
  public String describe() {
    return shown(known) + " GPU-h" + unknownPart();
  }

  /** {@code + 2 jobs unknown}, or nothing when every figure is known. */
  public String unknownPart() {
    if (complete()) {
      return "";
    }
    return " + " + unknownJobs + (unknownJobs == 1 ? " job" : " jobs") + " unknown";
  }
}
