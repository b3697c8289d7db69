package io.examlops.fleet.model;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * What manages a host's GPUs: a workload manager, nothing but the driver, or the local mock. Open:
 * each scheduler adapter declares its own kind with {@link #declare} (its label, whether it runs
 * jobs, the settings it takes from a cluster's definition), so that nothing outside the adapter
 * names a particular scheduler. One instance per label, so kinds compare with {@code ==} and {@code
 * equals} alike.
 *
 * <p>A kind is known once its adapter's class is loaded: the registration ({@code
 * StandardSchedulers}) loads them before clusters.yaml or platform.db is read.
 */
public final class SchedulerKind {
  /** A label's form, as a regular expression: {@link JobRef} reads {@code SCHEDULER:ID} with it. */
  static final String LABEL_FORM = "[a-z][a-z0-9-]{0,31}";

  private static final Pattern LABEL = Pattern.compile(LABEL_FORM);
  private static final Map<String, SchedulerKind> DECLARED = new ConcurrentHashMap<>();
  // Declaration order is the order error messages list the kinds in (NONE last).
  private static final List<SchedulerKind> ORDER = new ArrayList<>();

  /** Nothing usable was found: no adapter's, so it is listed after every declared kind. */
  public static final SchedulerKind NONE = new SchedulerKind("none", false, List.of());

  static {
    DECLARED.put(NONE.label, NONE);
  }

  private final String label;
  private final boolean runsJobs;
  private final List<AdapterSetting> settings;

  private SchedulerKind(String label, boolean runsJobs, List<AdapterSetting> settings) {
    this.label = label;
    this.runsJobs = runsJobs;
    this.settings = settings;
  }

  /**
   * The kind with this label, declared once; declaring it again the same way returns the first.
   * Labels are what clusters.yaml, {@code EXAMLOPS_HPC_SCHEDULER} and JSON carry.
   *
   * @param runsJobs whether clusters of this kind can be registered and take jobs
   * @param settings what a cluster of this kind may set besides its connection, in the order
   *     clusters.yaml writes them
   * @throws FleetException for a label that is not a lower-case word
   * @throws IllegalStateException when the label is already declared otherwise (a bug)
   */
  public static SchedulerKind declare(String label, boolean runsJobs, AdapterSetting... settings) {
    if (label == null || !LABEL.matcher(label).matches()) {
      throw FleetException.invalid(
          "scheduler label "
              + Printable.quoted(label)
              + ": use a lower-case letter, then up to 31 lower-case letters, digits or '-'");
    }
    List<AdapterSetting> taken = List.of(settings);
    if (taken.stream().map(AdapterSetting::name).distinct().count() != taken.size()) {
      throw new IllegalStateException("scheduler " + label + " declares a setting twice");
    }
    synchronized (ORDER) {
      SchedulerKind kind =
          DECLARED.computeIfAbsent(label, l -> new SchedulerKind(l, runsJobs, taken));
      if (kind.runsJobs != runsJobs || !kind.settings.equals(taken)) {
        throw new IllegalStateException(
            "scheduler " + label + " is already declared, with other properties");
      }
      if (kind != NONE && !ORDER.contains(kind)) {
        ORDER.add(kind);
      }
      return kind;
    }
  }

  /** Every declared kind, in declaration order, then {@link #NONE}. */
  public static List<SchedulerKind> declared() {
    List<SchedulerKind> all;
    synchronized (ORDER) {
      all = new ArrayList<>(ORDER);
    }
    all.add(NONE);
    return List.copyOf(all);
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

  /** The settings its adapter takes from a cluster's definition, in clusters.yaml's order. */
  public List<AdapterSetting> settings() {
    return settings;
  }

  public Optional<AdapterSetting> setting(String name) {
    return settings.stream().filter(s -> s.name().equals(name)).findFirst();
  }

  /** Every declared kind's settings, each name once, in declaration order. */
  public static List<AdapterSetting> allSettings() {
    Map<String, AdapterSetting> byName = new LinkedHashMap<>();
    declared().forEach(k -> k.settings.forEach(s -> byName.putIfAbsent(s.name(), s)));
    return List.copyOf(byName.values());
  }

  /** The declared kinds that take a setting of this name. */
  public static List<SchedulerKind> taking(String name) {
    return declared().stream().filter(k -> k.setting(name).isPresent()).toList();
  }

  /**
   * Parses the lower- or upper-case label, with any spaces around it; throws with the accepted
   * values when it is none. Only spaces are forgiven: a newline or another control character is no
   * whitespace a user meant ({@code $'slurm\n'}), and is refused, shown escaped.
   */
  public static SchedulerKind parse(String text) {
    String label = text == null ? "" : text.strip().toLowerCase(Locale.ROOT);
    SchedulerKind kind = text != null && OneLine.isPlain(text) ? DECLARED.get(label) : null;
    if (kind == null) {
      throw FleetException.invalid(
          "unknown scheduler "
              + Printable.quoted(text)
              + ": expected one of "
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
