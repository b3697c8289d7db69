package io.examlops.fleet.cli;

import io.examlops.fleet.discovery.ProbeException;
import io.examlops.fleet.hostlist.HostlistException;
import io.examlops.fleet.model.KeyMaterial;
import io.examlops.fleet.registry.ClustersFileException;
import io.examlops.fleet.registry.NotApprovedException;
import io.examlops.fleet.registry.RegistryException;
import io.examlops.fleet.registry.StoreException;
import io.examlops.fleet.registry.UnknownClusterException;
import io.examlops.fleet.scheduling.JobNotRecordedException;
import io.examlops.fleet.scheduling.SchedulerRefusedException;
import io.examlops.fleet.scheduling.UnknownJobException;
import io.examlops.fleet.scheduling.backend.BackendException;
import io.examlops.fleet.transport.KeyFileException;
import io.examlops.fleet.transport.TransportException;
import picocli.CommandLine;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.ParseResult;

/**
 * Turns what went wrong into a message and a meaningful exit code. Unexpected exceptions keep their
 * stack trace on stderr, since they are bugs.
 */
final class Failures implements IExecutionExceptionHandler {
  private final Exa exa;

  Failures(Exa exa) {
    this.exa = exa;
  }

  @Override
  public int handleExecutionException(Exception e, CommandLine line, ParseResult parsed) {
    Output output = new Output(exa.json, line.getOut(), line.getErr());
    if (e instanceof TransportException t) {
      output.error(ExitCode.UNREACHABLE, "transport:" + label(t.step().name()), t.getMessage());
      return ExitCode.UNREACHABLE;
    }
    if (e instanceof KeyFileException) {
      output.error(ExitCode.UNREACHABLE, "key", e.getMessage());
      return ExitCode.UNREACHABLE;
    }
    if (e instanceof ProbeException) {
      output.error(ExitCode.SCHEDULER, "scheduler", e.getMessage());
      return ExitCode.SCHEDULER;
    }
    if (e instanceof NotApprovedException) {
      output.error(ExitCode.NOT_APPROVED, "not-approved", e.getMessage());
      return ExitCode.NOT_APPROVED;
    }
    if (e instanceof UnknownClusterException || e instanceof ClustersFileException) {
      output.error(ExitCode.NOT_FOUND, e instanceof ClustersFileException ? "invalid-registry"
          : "unknown-cluster", e.getMessage());
      return ExitCode.NOT_FOUND;
    }
    if (e instanceof StoreException) {
      output.error(ExitCode.NOT_FOUND, "invalid-store", e.getMessage());
      return ExitCode.NOT_FOUND;
    }
    if (e instanceof RegistryException) {
      output.error(ExitCode.FAILED, "registry", e.getMessage());
      return ExitCode.FAILED;
    }
    if (e instanceof CommandLine.ParameterException p) {
      output.error(ExitCode.USAGE, "invalid-argument", p.getMessage());
      return ExitCode.USAGE;
    }
    if (e instanceof SchedulerRefusedException || e instanceof BackendException) {
      output.error(ExitCode.SCHEDULER, "scheduler", e.getMessage());
      return ExitCode.SCHEDULER;
    }
    if (e instanceof JobNotRecordedException) {
      output.error(ExitCode.NOT_FOUND, "job-not-recorded", e.getMessage());
      return ExitCode.NOT_FOUND;
    }
    if (e instanceof UnknownJobException) {
      output.error(ExitCode.NOT_FOUND, "unknown-job", e.getMessage());
      return ExitCode.NOT_FOUND;
    }
    if (e instanceof CommandFailure f) {
      output.error(f.exitCode(), f.kind(), f.getMessage());
      return f.exitCode();
    }
    if (e instanceof HostlistException || e instanceof IllegalArgumentException) {
      output.error(ExitCode.USAGE, "invalid-argument", e.getMessage());
      return ExitCode.USAGE;
    }
    output.error(ExitCode.FAILED, "internal", "unexpected error: " + e);
    java.io.StringWriter trace = new java.io.StringWriter();
    e.printStackTrace(new java.io.PrintWriter(trace));
    line.getErr().print(KeyMaterial.redact(trace.toString()));
    line.getErr().flush();
    return ExitCode.FAILED;
  }

  private static String label(String name) {
    return name.toLowerCase(java.util.Locale.ROOT).replace('_', '-');
  }
}
