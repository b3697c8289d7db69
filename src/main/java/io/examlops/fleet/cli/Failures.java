package io.examlops.fleet.cli;

import io.examlops.fleet.model.ErrorKind;
import io.examlops.fleet.model.FleetException;
import io.examlops.fleet.model.Hint;
import io.examlops.fleet.model.KeyMaterial;
import java.lang.reflect.Field;
import java.util.EnumMap;
import java.util.Map;
import java.util.stream.Collectors;
import picocli.CommandLine;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;
import picocli.CommandLine.ParseResult;

/**
 * Turns what went wrong into a message and a meaningful exit code: each error kind of the core has
 * its exit code and {@code --json} kind (docs/cli.md), and the message gets the CLI's names for the
 * request fields it concerns and for the command a hint points to. Unexpected exceptions keep their
 * stack trace on stderr, since they are bugs.
 */
final class Failures implements IExecutionExceptionHandler {
  /** An exit code and the {@code --json} error kind. */
  record Reported(int exitCode, String kind) {}

  private static final Map<ErrorKind, Reported> TABLE = new EnumMap<>(ErrorKind.class);

  static {
    TABLE.put(ErrorKind.INVALID_REQUEST, new Reported(ExitCode.USAGE, "invalid-argument"));
    TABLE.put(ErrorKind.UNKNOWN_CLUSTER, new Reported(ExitCode.NOT_FOUND, "unknown-cluster"));
    TABLE.put(ErrorKind.UNKNOWN_JOB, new Reported(ExitCode.NOT_FOUND, "unknown-job"));
    TABLE.put(ErrorKind.UNKNOWN_USER, new Reported(ExitCode.NOT_FOUND, "unknown-user"));
    TABLE.put(ErrorKind.SCRIPT_NOT_FOUND, new Reported(ExitCode.NOT_FOUND, "script-not-found"));
    TABLE.put(ErrorKind.SCRIPT_UNREADABLE, new Reported(ExitCode.NOT_FOUND, "script-unreadable"));
    TABLE.put(ErrorKind.NOT_APPROVED, new Reported(ExitCode.NOT_APPROVED, "not-approved"));
    TABLE.put(ErrorKind.HOST_UNRESOLVED, new Reported(ExitCode.UNREACHABLE, "transport:resolve"));
    TABLE.put(ErrorKind.CONNECT_FAILED, new Reported(ExitCode.UNREACHABLE, "transport:connect"));
    TABLE.put(ErrorKind.HOST_KEY_REFUSED, new Reported(ExitCode.UNREACHABLE, "transport:host-key"));
    TABLE.put(
        ErrorKind.AUTHENTICATION_FAILED,
        new Reported(ExitCode.UNREACHABLE, "transport:authentication"));
    TABLE.put(
        ErrorKind.REMOTE_COMMAND_FAILED, new Reported(ExitCode.UNREACHABLE, "transport:command"));
    TABLE.put(ErrorKind.TIMED_OUT, new Reported(ExitCode.UNREACHABLE, "transport:timeout"));
    TABLE.put(ErrorKind.KEY_FILE, new Reported(ExitCode.UNREACHABLE, "key"));
    TABLE.put(ErrorKind.SCHEDULER_REFUSED, new Reported(ExitCode.SCHEDULER, "scheduler"));
    TABLE.put(ErrorKind.INVALID_REGISTRY, new Reported(ExitCode.NOT_FOUND, "invalid-registry"));
    TABLE.put(ErrorKind.STORE, new Reported(ExitCode.NOT_FOUND, "invalid-store"));
    TABLE.put(ErrorKind.CONFLICT, new Reported(ExitCode.FAILED, "registry"));
    TABLE.put(ErrorKind.NOT_PERMITTED, new Reported(ExitCode.FAILED, "not-permitted"));
    TABLE.put(ErrorKind.JOB_NOT_RECORDED, new Reported(ExitCode.NOT_FOUND, "job-not-recorded"));
    TABLE.put(ErrorKind.INTERNAL, new Reported(ExitCode.FAILED, "internal"));
  }

  private final Exa exa;

  Failures(Exa exa) {
    this.exa = exa;
  }

  /** The exit code and {@code --json} kind of a core error kind. */
  static Reported reported(ErrorKind kind) {
    return TABLE.get(kind);
  }

  /**
   * The message as the CLI shows it: the failing command's own options for the request fields it
   * names, the hint's command added.
   */
  static String message(FleetException e, CommandSpec command) {
    String options =
        e.fields().stream().map(f -> option(command, f)).collect(Collectors.joining(", "));
    String message = options.isEmpty() ? e.getMessage() : options + ": " + e.getMessage();
    return withHint(message, e.hint().orElse(null));
  }

  /**
   * The option (or parameter) of {@code command} that fills a request field: the one whose field
   * has that name, or says it {@link Fills fills} it; the field's own name when none does.
   */
  static String option(CommandSpec command, String field) {
    for (OptionSpec option : command.options()) {
      if (field.equals(filled(option))) {
        return option.longestName();
      }
    }
    for (PositionalParamSpec parameter : command.positionalParameters()) {
      if (field.equals(filled(parameter))) {
        return parameter.paramLabel();
      }
    }
    return field;
  }

  private static String filled(ArgSpec arg) {
    if (arg.userObject() instanceof Field f) {
      Fills fills = f.getAnnotation(Fills.class);
      return fills != null ? fills.value() : f.getName();
    }
    return null;
  }

  /** A reason as the CLI shows it: with the command of its hint, when it has one. */
  static String withHint(String reason, Hint hint) {
    return hint == null ? reason : reason + " (" + command(hint) + ")";
  }

  /** The command a hint points to. */
  static String command(Hint hint) {
    String subject = hint.subject();
    return switch (hint.action()) {
      case APPROVE -> "exa hpc approve " + (subject == null ? "NAME" : subject);
      case CONNECT -> "exa hpc connect HOST --name " + (subject == null ? "NAME" : subject);
      case CONNECT_TRIAL ->
          "exa hpc connect local --name "
              + (subject == null ? "NAME" : subject)
              + " --scheduler mock";
      case LIST_CLUSTERS -> "exa hpc clusters";
      case LIST_JOBS -> "exa hpc jobs";
      case SHOW_QUEUE -> "exa hpc queue --cluster " + (subject == null ? "NAME" : subject);
      case CANCEL -> "exa hpc cancel " + (subject == null ? "JOB" : subject);
      case SHOW_ENVIRONMENT -> "exa hpc env " + (subject == null ? "NAME" : subject);
      case SAVE_SNAPSHOT ->
          "exa hpc nodes --save --cluster " + (subject == null ? "NAME" : subject);
      case DETECT -> "exa hpc detect";
      case REPROBE -> "exa hpc reprobe " + (subject == null ? "NAME" : subject);
      case ACCEPT_NEW_HOST_KEY -> "--accept-new-host-key";
    };
  }

  @Override
  public int handleExecutionException(Exception e, CommandLine line, ParseResult parsed) {
    Output output = new Output(exa.json, line.getOut(), line.getErr());
    if (e instanceof FleetException f) {
      Reported reported = reported(f.kind());
      output.error(
          reported.exitCode(), reported.kind(), message(f, line.getCommandSpec()), f.fields());
      return reported.exitCode();
    }
    if (e instanceof CommandLine.ParameterException p) {
      output.error(ExitCode.USAGE, "invalid-argument", p.getMessage());
      return ExitCode.USAGE;
    }
    output.error(ExitCode.FAILED, "internal", "unexpected error: " + e);
    java.io.StringWriter trace = new java.io.StringWriter();
    e.printStackTrace(new java.io.PrintWriter(trace));
    line.getErr().print(KeyMaterial.redact(trace.toString()));
    line.getErr().flush();
    return ExitCode.FAILED;
  }
}
