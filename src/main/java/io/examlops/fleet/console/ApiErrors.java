package io.examlops.fleet.console;

import io.examlops.fleet.model.FleetException;
import io.examlops.fleet.model.Hint;
import io.examlops.fleet.model.KeyMaterial;
import io.javalin.http.HttpResponseException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What the core refused, as an HTTP status and a JSON body: the core's error kind, its message, and
 * its hint in the console's words.
 */
final class ApiErrors {
  private ApiErrors() {}

  static Refusal refusal(Exception e) {
    if (e instanceof Refusal r) {
      return r;
    }
    if (e instanceof FleetException f) {
      String message = KeyMaterial.redact(f.getMessage());
      return new Refusal(
          status(f),
          f.kind().name(),
          message,
          f.hint().map(ApiErrors::words).orElseGet(() -> fallbackHint(f)));
    }
    if (e instanceof HttpResponseException h) {
      return http(h.getStatus());
    }
    return new Refusal(
        500,
        "INTERNAL",
        "unexpected error: the console could not answer this request",
        "the console's log has the details");
  }

  /**
   * A refusal made by the web server rather than by a handler (a body too large, a method the path
   * does not take, a request it cannot parse), in the console's words: the server's own text says
   * little, and may echo what was sent.
   */
  static Refusal http(int status) {
    return switch (status) {
      case 413 ->
          new Refusal(
              413,
              "TOO_LARGE",
              "the request body is over " + JsonBody.MAX_BYTES + " bytes; nothing was read",
              "send a smaller body: a reason is a sentence, not a file");
      case 405 ->
          new Refusal(
              405,
              "METHOD_NOT_ALLOWED",
              "this path does not take that method",
              "the methods each path takes are listed at /api/v1/openapi.json");
      case 404 ->
          new Refusal(
              404,
              "NOT_FOUND",
              "no page or endpoint here",
              "the API is described at /api/v1/openapi.json");
      case 505 ->
          // The client's fault (HTTP/0.9, HTTP/3.0 ...), though its status is in the 500s.
          new Refusal(
              505,
              "INVALID_REQUEST",
              "the request's HTTP version is not one this console speaks",
              "send HTTP/1.1 (or HTTP/1.0)");
      case 414, 431 ->
          new Refusal(
              status,
              "TOO_LARGE",
              status == 414
                  ? "the request's URI is too long"
                  : "the request's headers are too large",
              "send a shorter request: parameters are short words and numbers");
      default ->
          new Refusal(
              status,
              status >= 500 ? "INTERNAL" : "INVALID_REQUEST",
              status >= 500
                  ? "the web server failed on this request (HTTP " + status + ")"
                  : "the request is not valid HTTP for this console (HTTP " + status + ")",
              status >= 500
                  ? "the console's log has the details"
                  : "check the request's path, headers and body");
    };
  }

  /**
   * What to do when the core named no single action: every refusal says something beyond its
   * message, as the API's documentation promises.
   */
  private static String fallbackHint(FleetException f) {
    return switch (f.kind()) {
      case INVALID_REQUEST, SCRIPT_UNREADABLE ->
          "correct what the message names and send it again (the API is described at"
              + " /api/v1/openapi.json)";
      case UNKNOWN_CLUSTER -> words(Hint.of(Hint.Action.LIST_CLUSTERS));
      case UNKNOWN_JOB, JOB_NOT_RECORDED -> words(Hint.of(Hint.Action.LIST_JOBS));
      case UNKNOWN_USER -> "the message names the users there are";
      case NOT_PERMITTED -> "the message says who may; ask them";
      case CONFLICT, NOT_APPROVED ->
          "read it again (GET " + ApiRoutes.BASE + ") and decide on what it is now";
      default -> "the console's log and the message say more; try again once it is fixed";
    };
  }

  static int status(FleetException e) {
    return switch (e.kind()) {
      case INVALID_REQUEST, SCRIPT_UNREADABLE -> 400;
      case UNKNOWN_CLUSTER, UNKNOWN_JOB, UNKNOWN_USER, SCRIPT_NOT_FOUND -> 404;
      case NOT_APPROVED, CONFLICT, JOB_NOT_RECORDED -> 409;
      case NOT_PERMITTED -> 403;
      case HOST_UNRESOLVED,
          CONNECT_FAILED,
          HOST_KEY_REFUSED,
          AUTHENTICATION_FAILED,
          REMOTE_COMMAND_FAILED,
          KEY_FILE,
          SCHEDULER_REFUSED ->
          502;
      case TIMED_OUT -> 504;
      case INVALID_REGISTRY, STORE, INTERNAL -> 500;
    };
  }

  /** A core hint as the console says it: pages and endpoints, not CLI commands. */
  static String words(Hint hint) {
    String s = hint.subject();
    return switch (hint.action()) {
      case APPROVE ->
          "an admin approves "
              + (s == null ? "the cluster" : "'" + s + "'")
              + " on the Review page (or POST "
              + ApiRoutes.BASE
              + "/"
              + (s == null ? "NAME" : s)
              + "/approve)";
      case CONNECT, CONNECT_TRIAL -> "register the cluster with exa hpc connect";
      case LIST_CLUSTERS -> "list the clusters: GET " + ApiRoutes.BASE;
      case LIST_JOBS -> "list the jobs: GET " + ApiRoutes.BASE + "/jobs";
      case SHOW_QUEUE -> "see the queue with exa hpc queue";
      case CANCEL -> "cancel the job with exa hpc cancel";
      case SHOW_ENVIRONMENT -> "see the cluster's environment with exa hpc env";
      case SAVE_SNAPSHOT ->
          "ask for a snapshot: POST "
              + ApiRoutes.BASE
              + "/"
              + (s == null ? "NAME" : s)
              + "/refresh";
      case DETECT -> "see what the host runs with exa hpc detect";
      case REPROBE ->
          "probe it again: Re-probe on its page (or POST "
              + ApiRoutes.BASE
              + "/"
              + (s == null ? "NAME" : s)
              + "/reprobe)";
      case ACCEPT_NEW_HOST_KEY -> "check the new host key, then an admin approves again";
    };
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
