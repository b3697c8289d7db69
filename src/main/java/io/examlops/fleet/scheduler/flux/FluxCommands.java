package io.examlops.fleet.scheduler.flux;

import io.examlops.fleet.transport.CommandResult;
import io.examlops.fleet.transport.ShellQuote;

/**
 * The read-only commands the Flux probe runs, chosen by the flux-core release that {@code flux
 * version} reports. Every format passes {@code -n} and an explicit {@code -o} field list with a
 * {@code |} delimiter, so site defaults ({@code FLUX_*_FORMAT_DEFAULT}, named formats) and
 * data-dependent columns cannot change what is parsed.
 */
public final class FluxCommands {
  /** Identifies flux-core and picks the commands below; prints the broker only with FLUX_URI. */
  public static final String VERSION = "flux version";

  /** Cheapest query that needs a broker: proves an instance is reachable. */
  public static final String REACHABLE = "flux getattr size";

  /** Every schedulable resource as RFC 20 R JSON (flux-core 0.52 and later). */
  public static final String R_ALL = "flux resource R -s all";

  /** The allocated resources as R JSON: which cores and GPUs of each node are taken. */
  public static final String R_ALLOCATED = "flux resource R -s allocated";

  /** Before 0.52: the same scheduler view from the grouped list, with per-rank rlist. */
  public static final String LIST_FALLBACK =
      "flux resource list -s free,allocated,down -n -o " + ShellQuote.quote(FluxListParser.FIELDS);

  /** The instance config as JSON: queues, their limits, the default queue. */
  public static final String CONFIG = "flux config get";

  /** Each queue's submission (enabled/disabled) and scheduling (started/stopped) state. */
  public static final String QUEUE_STATUS = "flux queue status";

  /** A read-only flux-accounting query that every user may run (flux-accounting 0.36+). */
  public static final String ACCOUNTING = "flux account list-banks";

  /** The oldest release whose output this probe reads ({@code {properties}} in list/status). */
  public static final FluxRelease OLDEST = new FluxRelease(0, 38, 0);

  private FluxCommands() {}

  /** The per-node system view in the field list this release has. */
  public static String status(FluxStatusParser.Format format) {
    return "flux resource status -s all -n -o " + ShellQuote.quote(format.fields());
  }

  /** Whether {@code flux resource R} exists (0.52+); else {@link #LIST_FALLBACK} is used. */
  public static boolean hasResourceR(FluxRelease release) {
    return release.atLeast(0, 52);
  }

  /** Whether {@code flux config get} exists (0.36+). */
  public static boolean hasConfigGet(FluxRelease release) {
    return release.atLeast(0, 36);
  }

  /**
   * {@code `flux config get` failed (its last error line)}: a query that failed, named as the probe
   * sent it (the runner's own command line carries the instance's FLUX_URI before it).
   */
  static String failed(String command, CommandResult result) {
    return "`" + command + "` failed (" + result.lastErrorLine() + ")";
  }
}
