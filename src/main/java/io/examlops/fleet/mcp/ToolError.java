package io.examlops.fleet.mcp;

import io.examlops.fleet.model.ErrorKind;
import io.examlops.fleet.model.FleetException;
import io.examlops.fleet.model.Hint;
import io.examlops.fleet.model.KeyMaterial;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A tool call that failed, as the client receives it in an {@code isError} result: the core's error
 * kind to act on, its message, the arguments it concerns, and what to do about it in this surface's
 * terms (its tools, else the CLI command an admin runs).
 *
 * @param kind an {@link ErrorKind} name, or {@link #WRITES_DISABLED}
 * @param message what went wrong, in words
 * @param fields the arguments the failure concerns; empty when none in particular
 * @param hint what to do about it; {@code null} when the message says it all
 */
record ToolError(String kind, String message, List<String> fields, String hint) {
  /** A write tool was called on a server that runs without writes enabled. */
  static final String WRITES_DISABLED = "WRITES_DISABLED";

  ToolError {
    // Whatever a message quotes, key material never leaves the server.
    message = KeyMaterial.redact(message);
    hint = hint == null ? null : KeyMaterial.redact(hint);
    fields = List.copyOf(fields);
  }

  /** The call broke a rule of the tool itself: its name, its arguments. */
  static ToolError invalid(String message, String hint) {
    return new ToolError(ErrorKind.INVALID_REQUEST.name(), message, List.of(), hint);
  }

  /**
   * The call's arguments do not fit the tool's input schema. {@code check} is the schema
   * validator's message, which names each offending argument by its JSON pointer ({@code /gpus:
   * string found, integer expected}) or, for one missing or not allowed, as a quoted property
   * ({@code required property 'cluster' not found}); those names become the error's fields.
   */
  static ToolError schema(String tool, String check) {
    Set<String> fields = new LinkedHashSet<>();
    Matcher named = SCHEMA_FIELD.matcher(check);
    while (named.find()) {
      fields.add(named.group(1) != null ? named.group(1) : named.group(2));
    }
    return new ToolError(
        ErrorKind.INVALID_REQUEST.name(),
        tool + " was called with arguments that do not fit its input schema: " + check,
        List.copyOf(fields),
        "call it with the arguments its input schema in tools/list names, of the types it gives");
  }

  /** An argument in a schema check's message: {@code /NAME:} or {@code property 'NAME'}. */
  private static final Pattern SCHEMA_FIELD =
      Pattern.compile("(?:^|[\\[ ,])/([^/:\\s]+)[/:]|property '([^']+)'");

  /** A failure of the core, with its kind, and its hint said in this surface's terms. */
  static ToolError of(FleetException e) {
    return new ToolError(
        e.kind().name(), e.getMessage(), e.fields(), e.hint().map(ToolError::say).orElse(null));
  }

  /** A defect: nothing the client did explains it (its stack trace goes to stderr). */
  static ToolError internal(RuntimeException e) {
    return new ToolError(ErrorKind.INTERNAL.name(), "unexpected error: " + e, List.of(), null);
  }

  boolean internal() {
    return ErrorKind.INTERNAL.name().equals(kind);
  }

  /** A hint as an agent can act on it: a tool of this server, else the CLI command to run. */
  static String say(Hint hint) {
    String subject = hint.subject() == null ? "NAME" : hint.subject();
    return switch (hint.action()) {
      case APPROVE ->
          "an admin approves cluster "
              + subject
              + ": hpc_approve_cluster on a server"
              + " with writes enabled, or `exa hpc approve "
              + subject
              + "`";
      case CONNECT -> "register it first: `exa hpc connect HOST --name " + subject + "`";
      case CONNECT_TRIAL ->
          "to try the fleet without a cluster, register the mock backend:"
              + " `exa hpc connect local --name "
              + subject
              + " --scheduler mock`";
      case LIST_CLUSTERS -> "hpc_clusters lists the registered clusters";
      case LIST_JOBS -> "hpc_jobs lists the tracked jobs";
      case SHOW_QUEUE -> "hpc_queue with cluster " + subject + " shows its queue";
      case CANCEL -> "cancel it: `exa hpc cancel " + subject + "`";
      case SHOW_ENVIRONMENT -> "`exa hpc env " + subject + "` prints the cluster's environment";
      case SAVE_SNAPSHOT ->
          "save a snapshot of its nodes: `exa hpc nodes --save --cluster "
              + subject
              + "` (hpc_nodes with live: true reads them now)";
      case DETECT -> "probe the host again: `exa hpc detect HOST`";
      case REPROBE -> "probe it again through its entry: `exa hpc reprobe " + subject + "`";
      case ACCEPT_NEW_HOST_KEY ->
          "once the new host key is known to be right, connect again with"
              + " `exa hpc connect ... --accept-new-host-key`";
    };
  }
}
