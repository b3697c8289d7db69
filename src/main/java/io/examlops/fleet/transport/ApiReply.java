package io.examlops.fleet.transport;

/**
 * What a cluster's HTTP API answered to one request.
 *
 * @param method the request's method
 * @param path the request's path under the API's root
 * @param status the HTTP status
 * @param contentType the {@code Content-Type} the server declared, or empty
 * @param body the body, UTF-8 decoded
 */
public record ApiReply(String method, String path, int status, String contentType, String body) {

  /** {@code GET /slurm/v0.0.38/nodes}, for messages. */
  public String request() {
    return method + " " + path;
  }

  public boolean ok() {
    return status >= 200 && status < 300;
  }

  /** Whether the server said the body is JSON. */
  public boolean json() {
    return contentType.toLowerCase(java.util.Locale.ROOT).startsWith("application/json");
  }
}
