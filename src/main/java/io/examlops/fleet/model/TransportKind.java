package io.examlops.fleet.model;

import java.util.Locale;

/**
 * How the fleet reaches a cluster: commands on its login node over SSH, commands on this machine,
 * or its scheduler's HTTP API ({@link ApiSettings}).
 */
public enum TransportKind {
  SSH,
  LOCAL,
  REST;

  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * Parses {@code ssh}, {@code local} or {@code rest} (any case); throws with the accepted values
   * otherwise.
   */
  public static TransportKind parse(String text) {
    for (TransportKind kind : values()) {
      if (kind.label().equalsIgnoreCase(text == null ? "" : text.trim())) {
        return kind;
      }
    }
    throw FleetException.invalid(
        "unknown transport " + Printable.quoted(text) + ": expected ssh, local or rest");
  }
}
