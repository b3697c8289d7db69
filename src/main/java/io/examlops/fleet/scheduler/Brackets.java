package io.examlops.fleet.scheduler;

import java.util.ArrayList;
import java.util.List;

/**
 * Brackets that group parts holding separators of their own, as schedulers print lists: Slurm's
 * GRES {@code gpu:a100:2(IDX:0,2),nvme:1}, Flux's rlist {@code core[0-3,5],gpu[0-1]}. A separator
 * counts only outside every bracket.
 *
 * @param open the opening bracket
 * @param close the closing bracket
 */
public record Brackets(char open, char close) {
  public static final Brackets ROUND = new Brackets('(', ')');
  public static final Brackets SQUARE = new Brackets('[', ']');

  /**
   * The text cut at each separator outside brackets, untrimmed.
   *
   * @throws IllegalArgumentException naming a bracket without its partner, e.g. {@code ')' without
   *     '('}
   */
  public List<String> split(String text, char separator) {
    List<String> parts = new ArrayList<>();
    int depth = 0;
    int start = 0;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == open) {
        depth++;
      } else if (c == close) {
        depth--;
        if (depth < 0) {
          throw new IllegalArgumentException(unpaired(close, open));
        }
      } else if (c == separator && depth == 0) {
        parts.add(text.substring(start, i));
        start = i + 1;
      }
    }
    if (depth != 0) {
      throw new IllegalArgumentException(unpaired(open, close));
    }
    parts.add(text.substring(start));
    return parts;
  }

  /**
   * Where the last separator outside brackets stands; -1 when there is none.
   *
   * @throws IllegalArgumentException as {@link #split} does
   */
  public int lastIndexOf(String text, char separator) {
    List<String> parts = split(text, separator);
    return parts.size() == 1 ? -1 : text.length() - parts.get(parts.size() - 1).length() - 1;
  }

  private static String unpaired(char bracket, char partner) {
    return "'" + bracket + "' without '" + partner + "'";
  }
}
