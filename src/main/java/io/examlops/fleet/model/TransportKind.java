package io.examlops.fleet.model;

import java.util.Locale;

/** How commands reach a cluster's login node. */
public enum TransportKind {
  SSH,
  LOCAL;

  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** Parses {@code ssh} or {@code local} (any case); throws with the accepted values otherwise. */
  public static TransportKind parse(String text) {
    for (TransportKind kind : values()) {
      if (kind.label().equalsIgnoreCase(text == null ? "" : text.trim())) {
        return kind;
      }
    }
    throw FleetException.invalid(
        "unknown transport " + Printable.quoted(text) + ": expected ssh or local");
  }
}
