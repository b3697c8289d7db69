package io.examlops.fleet.scheduler.slurm;

import java.util.List;
import java.util.stream.Collectors;

/**
 * One column of a Slurm listing (sinfo, squeue) by the two names Slurm's format options give it:
 * the {@code -o} letter ({@code %N}) and the {@code -O} field name ({@code NodeList}). Both
 * listings' formats build their arguments here, so the two spellings are written once.
 *
 * @param letter the {@code -o} letter; {@code null} when the column exists only for {@code -O}
 * @param name the {@code -O} field name
 */
record SlurmColumn(Character letter, String name) {

  /** Whether every column has an {@code -o} letter. */
  static boolean allLettered(List<SlurmColumn> columns) {
    return columns.stream().allMatch(c -> c.letter() != null);
  }

  /** The {@code -o} argument: {@code %N|%c|...}. */
  static String letters(List<SlurmColumn> columns) {
    return columns.stream().map(c -> "%" + c.letter()).collect(Collectors.joining("|"));
  }

  /**
   * The {@code -O} argument: {@code Name:|} is no width and a '|' after the value, so nothing is
   * padded or cut.
   *
   * @param barAfterLast whether the last column is followed by '|' too
   */
  static String names(List<SlurmColumn> columns, boolean barAfterLast) {
    String joined = columns.stream().map(c -> c.name() + ":").collect(Collectors.joining("|,"));
    return barAfterLast ? joined + "|" : joined;
  }
}
