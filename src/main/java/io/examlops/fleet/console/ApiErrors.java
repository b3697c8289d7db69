package io.examlops.fleet.console;

import io.examlops.fleet.access.AccessException;
import io.examlops.fleet.discovery.ProbeException;
import io.examlops.fleet.hostlist.HostlistException;
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
import java.util.LinkedHashMap;
import java.util.Map;

/** What the core refused, as an HTTP status and a JSON body: kind, message and hint. */
final class ApiErrors {
  private ApiErrors() {}

  static Refusal refusal(Exception e) {
    if (e instanceof Refusal r) {
      return r;
    }
    String message = KeyMaterial.redact(e.getMessage() == null ? e.toString() : e.getMessage());
    if (e instanceof UnknownClusterException || e instanceof UnknownJobException) {
      return new Refusal(404, "NOT_FOUND", message, "list the clusters: GET /api/v1/facility/fleet");
    }
    if (e instanceof AccessException a) {
      return a.problem() == AccessException.Problem.NOT_FOUND
          ? new Refusal(404, "NOT_FOUND", message, null)
          : new Refusal(409, "CONFLICT", message, null);
    }
    if (e instanceof NotApprovedException) {
      return new Refusal(409, "NOT_APPROVED", message, "an admin approves the cluster first");
    }
    if (e instanceof IllegalArgumentException || e instanceof HostlistException) {
      return Refusal.badRequest(message, "see /api/v1/openapi.json for the parameters");
    }
    if (e instanceof TransportException || e instanceof KeyFileException) {
      return new Refusal(502, "UNREACHABLE", message, "check the host, its key and host key");
    }
    if (e instanceof ProbeException
        || e instanceof SchedulerRefusedException
        || e instanceof BackendException) {
      return new Refusal(502, "SCHEDULER_REFUSED", message, null);
    }
    if (e instanceof StoreException || e instanceof ClustersFileException) {
      return new Refusal(500, "STORE", message, "fix the file named, then try again");
    }
    if (e instanceof RegistryException) {
      return new Refusal(409, "CONFLICT", message, null);
    }
    return new Refusal(500, "INTERNAL", "unexpected error: " + e.getClass().getSimpleName(),
        "the console's log has the details");
  }

  static Map<String, Object> body(Refusal r) {
    Map<String, Object> error = new LinkedHashMap<>();
    error.put("kind", r.kind());
    error.put("message", r.getMessage());
    error.put("hint", r.hint());
    error.put("status", r.status());
    return Map.of("error", error);
  }
}
