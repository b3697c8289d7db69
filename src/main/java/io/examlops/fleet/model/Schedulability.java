package io.examlops.fleet.model;

import java.util.Objects;

/**
 * Whether work may be sent to a cluster now, and if not, why and what to do.
 *
 * @param schedulable whether the cluster is ACTIVE and still matches what was approved
 * @param reason why not (empty when schedulable)
 */
public record Schedulability(boolean schedulable, String reason) {
  public Schedulability {
    Objects.requireNonNull(reason, "reason");
  }

  public static Schedulability yes() {
    return new Schedulability(true, "");
  }

  public static Schedulability no(String reason) {
    return new Schedulability(false, reason);
  }
}
