package io.examlops.fleet.settings;

import io.examlops.fleet.model.AsciiNumber;
import io.examlops.fleet.model.FleetException;
import java.math.BigDecimal;
import java.util.Currency;
import java.util.Locale;

/**
 * The price of one GPU-hour, from {@value #VARIABLE} (default {@code 2.50}), and the currency it is
 * in, from {@value #CURRENCY_VARIABLE} (default {@code USD}).
 */
public final class CostRate {
  private static final String VARIABLE = Variables.COST_PER_HOUR;
  public static final BigDecimal DEFAULT = new BigDecimal("2.50");

  private static final String CURRENCY_VARIABLE = Variables.COST_CURRENCY;
  public static final String DEFAULT_CURRENCY = "USD";

  /** Dearer than any GPU-hour in any currency: a larger figure is a typo, not a price. */
  public static final BigDecimal MAX = new BigDecimal("1000000");

  /** Finer than a millionth of the currency unit is a typo too. */
  public static final int MAX_DECIMALS = 6;

  private CostRate() {}

  /**
   * Reads the rate from an environment. Unset or blank: the default. Anything but a non-negative
   * decimal number is an error that names the variable, so a typo never prices GPUs at 0.
   */
  public static BigDecimal parse(String text) {
    if (text == null || text.isBlank()) {
      return DEFAULT;
    }
    BigDecimal rate;
    try {
      rate = AsciiNumber.parseDecimal(text.trim().length() > 100 ? "x" : text.trim());
    } catch (NumberFormatException e) {
      throw FleetException.invalid(
          VARIABLE
              + " must be a number (cost of one GPU-hour, e.g. 2.50), got '"
              + (text.length() > 40 ? text.substring(0, 40) + "..." : text)
              + "'");
    }
    if (rate.compareTo(MAX) > 0 || rate.stripTrailingZeros().scale() > MAX_DECIMALS) {
      throw FleetException.invalid(
          VARIABLE
              + " is '"
              + (text.length() > 40 ? text.substring(0, 40) + "..." : text)
              + "': use a price per GPU-hour from 0 to "
              + MAX.toPlainString()
              + " with at most "
              + MAX_DECIMALS
              + " decimals (e.g. 2.50), or unset it for the default "
              + DEFAULT);
    }
    if (rate.signum() < 0) {
      throw FleetException.invalid(
          VARIABLE
              + " must not be negative, got '"
              + text
              + "'; unset it for the default "
              + DEFAULT);
    }
    // Written as a price: 1e2 reads 100.00, 2.5 reads 2.50.
    return rate.setScale(Math.max(2, rate.stripTrailingZeros().scale()));
  }

  /**
   * Reads the currency of the rate: an ISO 4217 code ({@code EUR}, {@code CHF}), written in
   * capitals. Unset or blank: {@value #DEFAULT_CURRENCY}. Anything else is an error that names the
   * variable, so that no figure is shown in a currency nobody chose.
   */
  public static String currency(String text) {
    if (text == null || text.isBlank()) {
      return DEFAULT_CURRENCY;
    }
    String code = text.strip().toUpperCase(Locale.ROOT);
    boolean known =
        code.matches("[A-Z]{3}")
            && Currency.getAvailableCurrencies().stream()
                .anyMatch(c -> c.getCurrencyCode().equals(code));
    if (!known) {
      throw FleetException.invalid(
          CURRENCY_VARIABLE
              + " must be an ISO 4217 currency code (e.g. USD, EUR, CHF), got '"
              + (text.length() > 40 ? text.substring(0, 40) + "..." : text)
              + "'; unset it for the default "
              + DEFAULT_CURRENCY);
    }
    return code;
  }
}
