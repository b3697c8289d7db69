package io.examlops.fleet.registry;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;

/** Times as platform.db stores them: UTC text of fixed width, so that text order is time order. */
public final class Timestamps {
  private static final DateTimeFormatter FORMAT =
      DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(ZoneOffset.UTC);

  private Timestamps() {}

  /** The instant at the precision stored (milliseconds). */
  static Instant stored(Instant at) {
    return at.truncatedTo(ChronoUnit.MILLIS);
  }

  public static String format(Instant at) {
    return at == null ? null : FORMAT.format(at);
  }

  public static Instant parse(String text) {
    return text == null ? null : Instant.parse(text);
  }
}
