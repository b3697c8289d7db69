package io.examlops.fleet.model;

import java.util.Objects;

/**
 * Whether work may be sent to a cluster now, and if not, why and what to do.
 *
 * @param schedulable whether the cluster is ACTIVE and still matches what was approved
 * @param reason why not (empty when schedulable)
 * @param hint what to do about it; {@code null} when schedulable or when no one action fixes it
 */
public record Schedulability(boolean schedulable, String reason, Hint hint) {
  public Schedulability {
    Objects.requireNonNull(reason, "reason");
  }

  public static Schedulability yes() {
    return new Schedulability(true, "", null);
  }

  public static Schedulability no(String reason) {
    return new Schedulability(false, reason, null);
  }

  public static Schedulability no(String reason, Hint hint) {
    return new Schedulability(false, reason, hint);
  }
}
