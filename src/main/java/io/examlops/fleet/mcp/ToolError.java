package io.examlops.fleet.mcp;

import io.examlops.fleet.discovery.ProbeException;
import io.examlops.fleet.model.KeyMaterial;
import io.examlops.fleet.registry.ClustersFileException;
import io.examlops.fleet.registry.NotApprovedException;
import io.examlops.fleet.registry.RegistryException;
import io.examlops.fleet.registry.StoreException;
import io.examlops.fleet.registry.UnknownClusterException;
import io.examlops.fleet.scheduling.SchedulerRefusedException;
import io.examlops.fleet.scheduling.UnknownJobException;
import io.examlops.fleet.scheduling.backend.BackendException;
import io.examlops.fleet.transport.KeyFileException;
import io.examlops.fleet.transport.TransportException;

/**
 * A tool call that failed, as the client receives it in an {@code isError} result: the core's
 * error kind to act on, its message, and what to do about it.
 *
 * @param kind the error kind, e.g. {@code UNKNOWN_CLUSTER}
 * @param message what went wrong, in words
 * @param hint what to do about it; {@code null} when the message says it all
 */
record ToolError(String kind, String message, String hint) {
  /** The request broke a rule of the tool: arguments, its name. */
  static final String INVALID_REQUEST = "INVALID_REQUEST";

  /** A write tool was called on a server that runs without writes enabled. */
  static final String WRITES_DISABLED = "WRITES_DISABLED";

  /** A defect: nothing the client did explains it. */
  static final String INTERNAL = "INTERNAL";

  ToolError {
    // Whatever a message quotes, key material never leaves the server.
    message = KeyMaterial.redact(message);
    hint = hint == null ? null : KeyMaterial.redact(hint);
  }

  static ToolError invalid(String message, String hint) {
    return new ToolError(INVALID_REQUEST, message, hint);
  }

  /** What a failure of the core is, by its kind. */
  static ToolError of(RuntimeException e) {
    return new ToolError(kindOf(e), e.getMessage() == null ? e.toString() : e.getMessage(), null);
  }

  private static String kindOf(RuntimeException e) {
    if (e instanceof TransportException t) {
      return switch (t.step()) {
        case RESOLVE -> "HOST_UNRESOLVED";
        case CONNECT -> "CONNECT_FAILED";
        case HOST_KEY -> "HOST_KEY_REFUSED";
        case AUTHENTICATION -> "AUTHENTICATION_FAILED";
        case COMMAND -> "REMOTE_COMMAND_FAILED";
        case TIMEOUT -> "TIMED_OUT";
      };
    }
    if (e instanceof KeyFileException) {
      return "KEY_FILE";
    }
    if (e instanceof NotApprovedException) {
      return "NOT_APPROVED";
    }
    if (e instanceof UnknownClusterException) {
      return "UNKNOWN_CLUSTER";
    }
    if (e instanceof ClustersFileException) {
      return "INVALID_REGISTRY";
    }
    if (e instanceof StoreException) {
      return "STORE";
    }
    if (e instanceof RegistryException) {
      return "CONFLICT";
    }
    if (e instanceof ProbeException
        || e instanceof SchedulerRefusedException
        || e instanceof BackendException) {
      return "SCHEDULER_REFUSED";
    }
    if (e instanceof UnknownJobException) {
      return "UNKNOWN_JOB";
    }
    if (e instanceof IllegalArgumentException) {
      return INVALID_REQUEST;
    }
    return INTERNAL;
  }
}
