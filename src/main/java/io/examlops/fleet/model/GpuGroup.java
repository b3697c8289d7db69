package io.examlops.fleet.model;

import java.util.Objects;

/**
 * A count of GPUs of one type on one node, as a scheduler reports it (Slurm GRES {@code
 * gpu:a100:4}, a Flux GPU count). {@code type} is {@code null} when the scheduler does not say.
 */
public record GpuGroup(String type, int count) {
  public GpuGroup {
    if (count < 0) {
      throw new IllegalArgumentException("GPU count must not be negative: " + count);
    }
    if (type != null && type.isBlank()) {
      type = null;
    }
  }

  public boolean hasType() {
    return type != null;
  }

  /** Whether this group matches a requested type; a request for no type matches any group. */
  public boolean matches(String wantedType) {
    return wantedType == null || (type != null && type.equalsIgnoreCase(wantedType));
  }

  @Override
  public String toString() {
    return (type == null ? "gpu" : "gpu:" + type) + ":" + count;
  }

  public static GpuGroup untyped(int count) {
    return new GpuGroup(null, count);
  }

  public static GpuGroup of(String type, int count) {
    return new GpuGroup(Objects.requireNonNull(type, "type"), count);
  }
}
