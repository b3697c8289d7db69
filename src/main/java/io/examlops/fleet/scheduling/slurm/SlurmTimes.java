package io.examlops.fleet.scheduling.slurm;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeParseException;

/**
 * Slurm timestamps: {@code 2026-11-29T18:08:25} in the cluster's local time (the standard format),
 * or epoch seconds where a site sets {@code SLURM_TIME_FORMAT=%s}.
 */
final class SlurmTimes {
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
          "'" + value + "' is not a Slurm timestamp (YYYY-MM-DDTHH:MM:SS); run sacct with"
              + " SLURM_TIME_FORMAT=standard");
    }
  }
}
