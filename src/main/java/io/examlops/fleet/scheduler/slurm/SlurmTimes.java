package io.examlops.fleet.scheduler.slurm;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;

/**
 * Slurm timestamps: {@code 2026-11-29T18:08:25} in the cluster's local time (the standard format),
 * or epoch seconds where a site sets {@code SLURM_TIME_FORMAT=%s}.
 */
public final class SlurmTimes {
  /**
   * The zone Slurm's commands print times in when run with {@link #IN_UTC}: sacct and squeue format
   * times in the zone of their own process (the login shell's {@code TZ}), without naming it.
   */
  public static final ZoneId ZONE = ZoneOffset.UTC;

  /**
   * The command prefix that makes those times UTC and in the standard form, overriding the login
   * node's zone and a site's {@code SLURM_TIME_FORMAT}. A zone is not learnt from the cluster: one
   * offset would be wrong for a job that ran across a daylight-saving change.
   */
  static final String IN_UTC = "TZ=UTC SLURM_TIME_FORMAT=standard ";

  private SlurmTimes() {}

  /**
   * The instant, or {@code null} for Slurm's "no time" words ({@code Unknown}, {@code None}, {@code
   * N/A}, empty).
   *
   * @param zone the cluster's time zone, which Slurm's standard format leaves out
   * @throws IllegalArgumentException for any other text
   */
  static Instant parse(String text, ZoneId zone) {
    String value = text == null ? "" : text.trim();
    if (value.isEmpty()
        || value.equalsIgnoreCase("Unknown")
        || value.equalsIgnoreCase("None")
        || value.equalsIgnoreCase("N/A")) {
      return null;
    }
    if (value.chars().allMatch(Character::isDigit)) {
      try {
        return Instant.ofEpochSecond(Long.parseLong(value));
      } catch (DateTimeException e) {
        throw new IllegalArgumentException(
            "'" + value + "' is too large to be a time in epoch seconds");
      }
    }
    try {
      return LocalDateTime.parse(value).atZone(zone).toInstant();
    } catch (DateTimeParseException e) {
      throw new IllegalArgumentException(
          "'"
              + value
              + "' is not a Slurm timestamp (YYYY-MM-DDTHH:MM:SS); run sacct with"
              + " SLURM_TIME_FORMAT=standard");
    }
  }
}
