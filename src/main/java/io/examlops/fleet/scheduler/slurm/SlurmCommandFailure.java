package io.examlops.fleet.scheduler.slurm;

import io.examlops.fleet.scheduler.ProbeException;
import io.examlops.fleet.transport.CommandResult;
import java.util.Locale;

/**
 * Explains a Slurm client command that failed, from what Slurm 22.05+ prints in each case (see the
 * ctld-down, no-config and no-slurm fixtures), and tells failures that no other command form can
 * get around from those where an older form may still work.
 */
final class SlurmCommandFailure {
  private SlurmCommandFailure() {}

  /** Why a failed command failed, in words an operator can act on. */
  enum Cause {
    NOT_INSTALLED("Slurm client commands are not on the PATH of this login (exit 127)"),
    CONTROLLER_DOWN(
        "slurmctld does not answer; check `scontrol ping` and the SlurmctldHost in slurm.conf"),
    NOT_CONFIGURED(
        "Slurm is installed but has no configuration (no slurm.conf and no configless DNS"
            + " record); set SLURM_CONF or install /etc/slurm/slurm.conf"),
    CONFIGURATION_UNREADABLE(
        "Slurm cannot read its configuration file; check that slurm.conf (or the file SLURM_CONF"
            + " names) exists and is readable by this login"),
    AUTHENTICATION("Slurm refused the request (munge/auth); check that munged runs on this host"),
    OTHER("the command failed");

    private final String advice;

    Cause(String advice) {
      this.advice = advice;
    }

    /** Whether trying another form of the same query is pointless. */
    boolean fatal() {
      return this != OTHER;
    }
  }

  static Cause cause(CommandResult result) {
    String err = result.stderr().toLowerCase(Locale.ROOT);
    if (result.commandNotFound()) {
      return Cause.NOT_INSTALLED;
    }
    if (err.contains("unable to contact slurm controller")) {
      return Cause.CONTROLLER_DOWN;
    }
    if (err.contains("unable to process configuration file")
        || err.contains("s_p_parse_file: unable to read")) {
      return Cause.CONFIGURATION_UNREADABLE;
    }
    if (err.contains("could not establish a configuration source") || err.contains("slurm.conf")) {
      return Cause.NOT_CONFIGURED;
    }
    if (err.contains("authentication") || err.contains("munge")) {
      return Cause.AUTHENTICATION;
    }
    return Cause.OTHER;
  }

  /** A ProbeException naming the command, the target, the cause and Slurm's own message. */
  static ProbeException exception(String target, CommandResult result) {
    Cause cause = cause(result);
    String said = result.saidInOneLine();
    return new ProbeException(
        result.failedOn(target)
            + ": "
            + cause.advice
            + (said.isEmpty() ? "" : " (Slurm said: " + said + ")"));
  }
}
