package io.examlops.fleet.capacity;

import java.math.BigDecimal;
import java.util.Map;

/** The price of one GPU-hour, from {@value #VARIABLE} (default {@code 2.50}). */
public final class CostRate {
  public static final String VARIABLE = "GPU_COST_PER_HOUR";
  public static final BigDecimal DEFAULT = new BigDecimal("2.50");

  private CostRate() {}

  /**
   * Reads the rate from an environment. Unset or blank: the default. Anything but a non-negative
   * decimal number is an error that names the variable, so a typo never prices GPUs at 0.
   */
  public static BigDecimal fromEnvironment(Map<String, String> environment) {
    String text = environment.get(VARIABLE);
    if (text == null || text.isBlank()) {
      return DEFAULT;
    }
    BigDecimal rate;
    try {
      rate = new BigDecimal(text.trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          VARIABLE + " must be a number (cost of one GPU-hour, e.g. 2.50), got '" + text + "'");
    }
    if (rate.signum() < 0) {
      throw new IllegalArgumentException(
          VARIABLE
              + " must not be negative, got '"
              + text
              + "'; unset it for the default "
              + DEFAULT);
    }
    return rate;
  }
}
