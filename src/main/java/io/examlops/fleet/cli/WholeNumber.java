package io.examlops.fleet.cli;

import io.examlops.fleet.model.AsciiNumber;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * Reads whole-number options, telling a number out of range ("too large") from something that is
 * not a number at all; picocli's own converter calls both "not an int".
 */
final class WholeNumber implements ITypeConverter<Integer> {

  @Override
  public Integer convert(String text) {
    String t = text.strip();
    try {
      return AsciiNumber.parseInt(t);
    } catch (NumberFormatException e) {
      if (t.matches("[-+]?\\d+")) {
        throw new TypeConversionException(
            "'"
                + (t.length() > 20 ? t.substring(0, 20) + "..." : t)
                + "' is too "
                + (t.startsWith("-")
                    ? "small: the smallest accepted is " + Integer.MIN_VALUE
                    : "large: the largest accepted is " + Integer.MAX_VALUE));
      }
      throw new TypeConversionException(
          "'" + (t.length() > 40 ? t.substring(0, 40) + "..." : t) + "' is not a whole number");
    }
  }
}
