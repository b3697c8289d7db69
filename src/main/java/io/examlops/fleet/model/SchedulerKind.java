package io.examlops.fleet.model;

import java.util.Locale;

/** What manages a host's GPUs: a workload manager, nothing but the driver, or the local mock. */
public enum SchedulerKind {
  SLURM,
  FLUX,
  /** A bare GPU host: nvidia-smi answers but no workload manager does. */
  UNMANAGED,
  /** The embedded inline backend: runs jobs as local processes. */
  MOCK,
  /** Nothing usable was found. */
  NONE;

  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** Parses the lower- or upper-case label; throws with the accepted values when it is none. */
  public static SchedulerKind parse(String text) {
    for (SchedulerKind kind : values()) {
      if (kind.label().equalsIgnoreCase(text == null ? "" : text.trim())) {
        return kind;
      }
    }
    throw new IllegalArgumentException(
        "unknown scheduler '" + text + "': expected one of slurm, flux, unmanaged, mock, none");
  }
}
