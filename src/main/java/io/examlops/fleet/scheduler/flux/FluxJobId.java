package io.examlops.fleet.scheduler.flux;

import java.math.BigInteger;

/**
 * Flux job ids (RFC 19): a 64-bit unsigned integer, held here in a {@code long} (read it with the
 * {@code Unsigned} methods of {@link Long}). Decodes every encoding the flux commands print except
 * the mnemonic {@code words} and {@code emoji} forms, which need word tables: convert those on the
 * cluster with {@code flux job id --to=dec ID}.
 */
public final class FluxJobId {
  /** U+0192, the prefix Flux prints under a UTF-8 locale. */
  private static final char F58_PREFIX = '\u0192';

  private static final String F58_ALPHABET =
      "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
  private static final BigInteger BASE = BigInteger.valueOf(58);
  private static final BigInteger MAX = BigInteger.ONE.shiftLeft(64);

  private FluxJobId() {}

  /**
   * Decodes an id in the RFC 19 order: contains {@code .}: dothex (or kvs, {@code job.} prefix);
   * contains {@code -}: words; starts with {@code ƒ} or {@code f}: F58; {@code 0x}: hex; else
   * decimal. Surrounding whitespace is ignored.
   *
   * @throws IllegalArgumentException naming the forms accepted
   */
  public static long parse(String text) {
    String id = text == null ? "" : text.strip();
    if (id.isEmpty()) {
      throw new IllegalArgumentException("a Flux job id cannot be empty");
    }
    if (id.indexOf('.') >= 0) {
      return dothex(id);
    }
    if (id.indexOf('-') >= 0) {
      throw unsupported(id, "mnemonic (words)");
    }
    if (id.charAt(0) == F58_PREFIX || id.charAt(0) == 'f') {
      return f58(id, id.substring(1));
    }
    if (Character.isSurrogate(id.charAt(0))) {
      throw unsupported(id, "emoji");
    }
    if (id.startsWith("0x")) {
      return number(id, id.substring(2), 16);
    }
    return number(id, id, 10);
  }

  /**
   * Whether the text is in the mnemonic words form ({@code dallas-chris-weather--craft-academy}):
   * lower-case words joined by one or two dashes.
   */
  public static boolean isWords(String text) {
    return text != null && text.strip().matches("[a-z]+(--?[a-z]+)+");
  }

  /** F58 with the ASCII {@code f} prefix ({@code id.f58plain}); every flux command accepts it. */
  public static String toF58Plain(long id) {
    return "f" + f58Digits(id);
  }

  public static String toDec(long id) {
    return Long.toUnsignedString(id);
  }

  private static String f58Digits(long id) {
    if (id == 0) {
      return F58_ALPHABET.substring(0, 1);
    }
    StringBuilder digits = new StringBuilder();
    long rest = id;
    while (rest != 0) {
      digits.append(F58_ALPHABET.charAt((int) Long.remainderUnsigned(rest, 58)));
      rest = Long.divideUnsigned(rest, 58);
    }
    return digits.reverse().toString();
  }

  private static long f58(String id, String digits) {
    if (digits.isEmpty()) {
      throw new IllegalArgumentException("Flux job id '" + id + "' has no F58 digits");
    }
    BigInteger value = BigInteger.ZERO;
    for (int i = 0; i < digits.length(); i++) {
      int digit = F58_ALPHABET.indexOf(digits.charAt(i));
      if (digit < 0) {
        throw new IllegalArgumentException(
            "Flux job id '" + id + "' has '" + digits.charAt(i) + "', which is not an F58 digit");
      }
      value = value.multiply(BASE).add(BigInteger.valueOf(digit));
    }
    return checkRange(id, value);
  }

  private static long dothex(String id) {
    String body = id.startsWith("job.") ? id.substring(4) : id;
    String[] groups = body.split("\\.", -1);
    if (groups.length != 4
        || java.util.Arrays.stream(groups).anyMatch(g -> !g.matches("[0-9a-fA-F]{4}"))) {
      throw new IllegalArgumentException(
          "Flux job id '" + id + "' is not dothex (xxxx.xxxx.xxxx.xxxx) or kvs (job.xxxx...)");
    }
    return Long.parseUnsignedLong(String.join("", groups), 16);
  }

  private static long number(String id, String digits, int radix) {
    try {
      return checkRange(id, new BigInteger(digits, radix));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          "'" + id + "' is not a Flux job id (F58 ƒ…/f…, decimal, 0x hex, dothex or kvs)");
    }
  }

  private static long checkRange(String id, BigInteger value) {
    if (value.signum() < 0 || value.compareTo(MAX) >= 0) {
      throw new IllegalArgumentException("Flux job id '" + id + "' does not fit in 64 bits");
    }
    return value.longValue();
  }

  private static IllegalArgumentException unsupported(String id, String form) {
    return new IllegalArgumentException(
        "Flux job id '"
            + id
            + "' is in the "
            + form
            + " form, which is not read here; convert it"
            + " with `flux job id --to=dec "
            + id
            + "`");
  }
}
