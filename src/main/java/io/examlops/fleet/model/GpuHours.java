package io.examlops.fleet.model;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;

/**
 * GPU-hours from a scheduler's own figures. Unknown stays unknown: a public accounting tool that
 * reports 0 GPU-hours when GPU data is missing makes a busy cluster look idle and cheap.
 */
public final class GpuHours {
  /** Enough digits for a one-second job on one GPU (0.000278 h) to stay visible. */
  /** The decimals GPU-hours are computed and stored with. */
  public static final int SCALE = 6;

  private static final BigDecimal SECONDS_PER_HOUR = BigDecimal.valueOf(3600);

  private GpuHours() {}

  /**
   * {@code elapsed × gpus} in hours, rounded half-up to six decimals.
   *
   * <ul>
   *   <li>elapsed unknown: {@code null};
   *   <li>elapsed zero: zero, whatever the GPU count, because a job that never ran used nothing;
   *   <li>GPU count unknown (and elapsed above zero): {@code null}, never 0.
   * </ul>
   *
   * @throws IllegalArgumentException for a negative duration or GPU count
   */
  public static BigDecimal of(Duration elapsed, Integer gpus) {
    if (elapsed == null) {
      return null;
    }
    if (elapsed.isNegative() || (gpus != null && gpus < 0)) {
      throw new IllegalArgumentException(
          "GPU-hours need a non-negative run time and GPU count, got " + elapsed + " and " + gpus);
    }
    if (elapsed.isZero()) {
      return BigDecimal.ZERO.setScale(SCALE);
    }
    if (gpus == null) {
      return null;
    }
    BigDecimal seconds =
        BigDecimal.valueOf(elapsed.getSeconds(), 0).add(BigDecimal.valueOf(elapsed.getNano(), 9));
    return seconds
        .multiply(BigDecimal.valueOf(gpus))
        .divide(SECONDS_PER_HOUR, SCALE, RoundingMode.HALF_UP);
  }
}
