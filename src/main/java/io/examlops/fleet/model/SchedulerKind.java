package io.examlops.fleet.model;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * What manages a host's GPUs: a workload manager, nothing but the driver, or the local mock. Open:
 * a scheduler adapter declares its own kind with {@link #declare}; the kinds HPC Fleet ships are
 * the constants below. One instance per label, so kinds compare with {@code ==} and {@code equals}
 * alike.
 */
public final class SchedulerKind {
  private static final Pattern LABEL = Pattern.compile("[a-z][a-z0-9-]{0,31}");
  // Declaration order is the order error messages list the kinds in.
  private static final Map<String, SchedulerKind> DECLARED = new ConcurrentHashMap<>();
  private static final List<SchedulerKind> ORDER = new ArrayList<>();

  public static final SchedulerKind SLURM = declare("slurm", true);
  public static final SchedulerKind FLUX = declare("flux", true);

  /** A bare GPU host: nvidia-smi answers but no workload manager does. */
  public static final SchedulerKind UNMANAGED = declare("unmanaged", false);

  /** The embedded inline backend: runs jobs as local processes. */
  public static final SchedulerKind MOCK = declare("mock", true);

  /** Nothing usable was found. */
  public static final SchedulerKind NONE = declare("none", false);

  private final String label;
  private final boolean runsJobs;

  private SchedulerKind(String label, boolean runsJobs) {
    this.label = label;
    this.runsJobs = runsJobs;
  }

  /**
   * The kind with this label, declared once (a second declaration returns the first). Labels are
   * what clusters.yaml, {@code EXAMLOPS_HPC_SCHEDULER} and JSON carry.
   *
   * @param runsJobs whether clusters of this kind can be registered and take jobs
   * @throws IllegalArgumentException for a label that is not a lower-case word
   */
  public static SchedulerKind declare(String label, boolean runsJobs) {
    if (label == null || !LABEL.matcher(label).matches()) {
      throw FleetException.invalid(
          "scheduler label "
              + Printable.quoted(label)
              + ": use a lower-case letter, then up to 31 lower-case letters, digits or '-'");
    }
    synchronized (ORDER) {
      SchedulerKind kind = DECLARED.computeIfAbsent(label, l -> new SchedulerKind(l, runsJobs));
      if (!ORDER.contains(kind)) {
        ORDER.add(kind);
      }
      return kind;
    }
  }

  /** Every declared kind, in declaration order. */
  public static List<SchedulerKind> declared() {
    synchronized (ORDER) {
      return List.copyOf(ORDER);
    }
  }

  /** The kinds a cluster definition may name, in declaration order: slurm, flux, mock, .... */
  public static List<SchedulerKind> registrable() {
    return declared().stream().filter(SchedulerKind::runsJobs).toList();
  }

  public String label() {
    return label;
  }

  /** Whether clusters of this kind can be registered and take jobs. */
  public boolean runsJobs() {
    return runsJobs;
  }

  /** Parses the lower- or upper-case label; throws with the accepted values when it is none. */
  public static SchedulerKind parse(String text) {
    String label = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
    SchedulerKind kind = DECLARED.get(label);
    if (kind == null) {
      throw FleetException.invalid(
          "unknown scheduler '"
              + text
              + "': expected one of "
              + String.join(", ", declared().stream().map(SchedulerKind::label).toList()));
    }
    return kind;
  }

  /** The labels joined as a sentence lists them: {@code slurm, flux or mock}. */
  public static String orList(List<SchedulerKind> kinds) {
    List<String> labels = kinds.stream().map(SchedulerKind::label).toList();
    if (labels.size() <= 1) {
      return String.join("", labels);
    }
    return String.join(", ", labels.subList(0, labels.size() - 1))
        + " or "
        + labels.get(labels.size() - 1);
  }

  @Override
  public String toString() {
    return label.toUpperCase(Locale.ROOT);
  }
}
