package io.examlops.fleet.scheduler.flux;

import io.examlops.fleet.transport.CommandResult;
import java.util.Objects;

/**
 * Whether flux-accounting answers on an instance, read from a read-only {@code flux account}
 * query's exit status and stderr.
 *
 * @param status what the query showed
 * @param detail the stderr line that decided it, for display; empty when it answered
 */
public record FluxAccounting(Status status, String detail) {

  /** What a {@code flux account} query showed. */
  public enum Status {
    /** The accounting service answered. */
    ANSWERING,
    /** {@code flux: `account' is not a flux command.}: flux-accounting is not installed. */
    NOT_INSTALLED,
    /** Installed, but {@code flux account-service} is not running ({@code No service matching}). */
    SERVICE_NOT_RUNNING,
    /** Installed, but the query failed otherwise (e.g. a release without the subcommand). */
    QUERY_FAILED
  }

  public FluxAccounting {
    Objects.requireNonNull(status, "status");
    detail = detail == null ? "" : detail;
  }

  /** Only an answering service counts as accounting being there. */
  public boolean present() {
    return status == Status.ANSWERING;
  }

  public static FluxAccounting classify(CommandResult result) {
    if (result.ok()) {
      return new FluxAccounting(Status.ANSWERING, "");
    }
    String stderr = result.stderr();
    // The last stderr line says why: argparse prints its usage first and the error last.
    String lastLine = result.lastErrorLine();
    if (stderr.contains("is not a flux command") || result.commandNotFound()) {
      return new FluxAccounting(Status.NOT_INSTALLED, lastLine);
    }
    if (stderr.contains("No service matching accounting.")) {
      return new FluxAccounting(Status.SERVICE_NOT_RUNNING, lastLine);
    }
    return new FluxAccounting(Status.QUERY_FAILED, lastLine);
  }
}
