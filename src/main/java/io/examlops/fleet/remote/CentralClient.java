package io.examlops.fleet.remote;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import io.examlops.fleet.json.FleetJson;
import io.examlops.fleet.model.Actor;
import io.examlops.fleet.model.ErrorKind;
import io.examlops.fleet.model.FleetException;
import io.examlops.fleet.model.Printable;
import io.examlops.fleet.settings.Variables;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;

/**
 * The central console's agent endpoints ({@value #BASE}) over HTTP, with the API token as a bearer
 * token. A refusal comes back as the {@link FleetException} of the console's kind and message; the
 * token is in no message.
 */
final class CentralClient {
  /** Where the console answers agents; its own handler class serves it. */
  static final String BASE = "/api/v1/facility/central";

  /** The surface an agent's request came through, for the console's audit trail. */
  static final String SURFACE_HEADER = "X-Examlops-Surface";

  private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(10);
  private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(60);

  /**
   * A change (a submission, a cancel) is waited for longer than a read: a busy console may take a
   * while, and a submission the agent gave up on while the console went on would run unfollowed
   * until its lease lapsed.
   */
  private static final Duration CHANGE_TIMEOUT = Duration.ofMinutes(10);

  private final URI server;
  private final String token;
  private final HttpClient http;

  CentralClient(URI server, String token) {
    this.server = server;
    this.token = token;
    this.http = HttpClient.newBuilder().connectTimeout(CONNECT_TIMEOUT).build();
  }

  <T> T get(String path, TypeReference<T> type) {
    return send("GET", path, null, null, type);
  }

  /**
   * @param body a value written with {@link FleetJson}, or {@code null}
   * @param actor who acts, whose surface the console records; {@code null} for a read
   * @param type what the answer holds; {@code null} when it has no body
   */
  <T> T send(String method, String path, Object body, Actor actor, TypeReference<T> type) {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(server.resolve(BASE + path))
            .timeout("GET".equals(method) ? REQUEST_TIMEOUT : CHANGE_TIMEOUT)
            .header("Authorization", "Bearer " + token)
            .header("Accept", "application/json")
            .method(
                method,
                body == null
                    ? HttpRequest.BodyPublishers.noBody()
                    : HttpRequest.BodyPublishers.ofString(FleetJson.compact(body)));
    if (body != null) {
      request.header("Content-Type", "application/json");
    }
    if (actor != null) {
      request.header(SURFACE_HEADER, actor.surface());
    }
    HttpResponse<String> response;
    try {
      response =
          http.send(request.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
    } catch (HttpTimeoutException e) {
      throw new FleetException(
          ErrorKind.TIMED_OUT,
          "the central console at "
              + server
              + " did not answer "
              + method
              + " "
              + path
              + " in time",
          null,
          e);
    } catch (IOException e) {
      throw new FleetException(
          ErrorKind.CONNECT_FAILED,
          "the central console at "
              + server
              + " cannot be reached ("
              + reason(e)
              + "): check the address in "
              + Variables.SERVER
              + " and that the console runs, or unset "
              + Variables.SERVER
              + " to use this machine's registry",
          null,
          e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new FleetException(
          ErrorKind.TIMED_OUT, "interrupted while asking the central console at " + server);
    }
    if (response.statusCode() / 100 != 2) {
      throw refusal(method, path, response);
    }
    if (type == null || response.statusCode() == 204) {
      return null;
    }
    try {
      return FleetJson.read(response.body(), type);
    } catch (UncheckedIOException e) {
      throw new FleetException(
          ErrorKind.INTERNAL,
          "the central console at "
              + server
              + " answered "
              + method
              + " "
              + path
              + " with a document this exa cannot read; use an exa of the console's version",
          null,
          e);
    }
  }

  /** Why a request failed, in words: no Java type names. */
  private static String reason(IOException e) {
    if (e instanceof ConnectException) {
      return "nothing accepts connections there";
    }
    String message = e.getMessage();
    return message == null || message.isBlank()
        ? "the connection failed"
        : "the connection failed: " + Printable.quoted(message);
  }

  /** The console's refusal as the core's error: its kind, message and what to do. */
  private FleetException refusal(String method, String path, HttpResponse<String> response) {
    int status = response.statusCode();
    String kind = null;
    String message = null;
    String hint = null;
    try {
      JsonNode error = FleetJson.mapper().readTree(response.body()).path("error");
      kind = error.path("kind").asText(null);
      message = error.path("message").asText(null);
      hint = error.path("hint").asText(null);
    } catch (IOException e) {
      // not the console's error shape: the status says it
    }
    String said = message == null ? "HTTP " + status : message;
    String then = hint == null ? "" : " (" + hint + ")";
    if ((status == 401 || status == 403) && !ErrorKind.NOT_PERMITTED.name().equals(kind)) {
      return new FleetException(
          ErrorKind.AUTHENTICATION_FAILED,
          "the central console at "
              + server
              + " refused the token in "
              + Variables.TOKEN
              + ": "
              + said
              + "; ask a console admin for a token with the scopes this needs (read and submit"
              + " for pipeline steps, read and on-behalf for the governance job)",
          null);
    }
    return new FleetException(
        errorKind(kind),
        "the central console at " + server + " refused " + method + " " + path + ": " + said + then,
        null);
  }

  private static ErrorKind errorKind(String kind) {
    return Arrays.stream(ErrorKind.values())
        .filter(k -> k.name().equals(kind))
        .findFirst()
        .orElse(ErrorKind.INTERNAL);
  }

  URI server() {
    return server;
  }
}
