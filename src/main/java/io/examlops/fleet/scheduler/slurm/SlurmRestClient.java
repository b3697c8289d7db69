package io.examlops.fleet.scheduler.slurm;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.examlops.fleet.scheduler.ProbeException;
import io.examlops.fleet.transport.ApiCredential;
import io.examlops.fleet.transport.ApiReply;
import io.examlops.fleet.transport.HttpApi;
import io.examlops.fleet.transport.TransportException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * slurmrestd as Slurm defines its use: each request carries {@code X-SLURM-USER-NAME} and {@code
 * X-SLURM-USER-TOKEN}, a token the site issued or one minted here with the cluster's signing key
 * ({@link SlurmJwt}) for the user the request acts as. Every answer is checked before it is read: a
 * status, a body that is JSON, and Slurm's own {@code errors}, each refused with the cluster's API,
 * the request and what to do.
 */
final class SlurmRestClient {
  static final String USER_HEADER = "X-SLURM-USER-NAME";
  static final String TOKEN_HEADER = "X-SLURM-USER-TOKEN";
  private static final ObjectMapper JSON = new ObjectMapper();

  private final HttpApi api;
  private final Clock clock;

  SlurmRestClient(HttpApi api, Clock clock) {
    this.api = api;
    this.clock = clock;
  }

  HttpApi api() {
    return api;
  }

  String target() {
    return api.target().label();
  }

  /**
   * The API version in use: the one clusters.yaml pins, else (at connect) the newest the server
   * offers that this product reads. A pinned version this product does not read, and a server that
   * offers none it reads, are refused with what was found and what is supported.
   */
  SlurmApiVersion version() {
    SlurmApiVersion version = new SlurmApiVersion(api.version(this::negotiate));
    if (!version.known()) {
      throw new ProbeException(
          target()
              + ": the cluster is set to slurmrestd API "
              + version
              + ", which this product does not read (it reads "
              + String.join(", ", SlurmApiVersion.KNOWN.stream().map(Object::toString).toList())
              + "): connect it again so that one the server offers is chosen");
    }
    return version;
  }

  /** {@code /slurm/VERSION} followed by {@code path}. */
  String slurm(String path) {
    return "/slurm/" + version() + path;
  }

  /** {@code /slurmdb/VERSION} followed by {@code path}. */
  String slurmdb(String path) {
    return "/slurmdb/" + version() + path;
  }

  private String negotiate() {
    JsonNode openapi = openapi();
    var offered = SlurmApiVersion.offered(openapi);
    return SlurmApiVersion.newestShared(offered)
        .map(SlurmApiVersion::label)
        .orElseThrow(
            () ->
                new ProbeException(
                    target()
                        + ": slurmrestd offers "
                        + (offered.isEmpty()
                            ? "no /slurm/ API at all (GET /openapi/v3 lists none)"
                            : "API " + offered.stream().map(Object::toString).toList())
                        + ", none of which this product reads (it reads "
                        + String.join(
                            ", ", SlurmApiVersion.KNOWN.stream().map(Object::toString).toList())
                        + "): start slurmrestd with one of those (-s), or use transport ssh"));
  }

  /** The user a request acts as: the mapped user for work done on someone's behalf. */
  String userFor(boolean onBehalf) {
    if (onBehalf) {
      var acting = api.acting();
      if (acting.isPresent()) {
        if (acting.get().clusterUser() == null) {
          throw new TransportException(
              target(),
              TransportException.Step.AUTHENTICATION,
              "the fleet user '"
                  + acting.get().fleetUser()
                  + "' is mapped to no user of this cluster: an admin adds '"
                  + acting.get().fleetUser()
                  + "=CLUSTERUSER' to the cluster's rest_users in clusters.yaml and approves it"
                  + " again");
        }
        return acting.get().clusterUser();
      }
    }
    return api.target().user();
  }

  JsonNode get(String path) {
    return send("GET", path, null, false);
  }

  /** A request on someone's behalf (a submission, a cancel): it acts as their cluster user. */
  JsonNode sendOnBehalf(String method, String path, JsonNode body) {
    return send(method, path, body, true);
  }

  /** {@code GET /openapi/v3}: what the server offers, before any version is chosen. */
  JsonNode openapi() {
    return read(request("GET", "/openapi/v3", null, false), false);
  }

  private JsonNode send(String method, String path, JsonNode body, boolean onBehalf) {
    return read(request(method, path, body, onBehalf), true);
  }

  private ApiReply request(String method, String path, JsonNode body, boolean onBehalf) {
    String user = userFor(onBehalf);
    Map<String, String> headers = new LinkedHashMap<>();
    headers.put(USER_HEADER, user);
    headers.put(TOKEN_HEADER, token(user));
    return api.send(method, path, body == null ? null : body.toString(), headers);
  }

  private String token(String user) {
    ApiCredential credential = api.target().credential();
    byte[] secret = credential.read(target());
    if (credential.kind() == ApiCredential.Kind.TOKEN) {
      return new String(secret, StandardCharsets.UTF_8);
    }
    return api.token(
            user,
            clock.instant(),
            u ->
                new HttpApi.Token(
                    u,
                    SlurmJwt.mint(secret, u, clock.instant()),
                    clock.instant().plus(SlurmJwt.LIFESPAN)))
        .value();
  }

  /**
   * The answer's JSON, or a clear refusal: a status slurmrestd gives for a missing or refused
   * token, a body that is not JSON (a proxy's HTML page) or is cut short, Slurm's own errors.
   *
   * @param slurmErrors whether Slurm's {@code errors} array refuses the answer (not for errors the
   *     caller reads itself, see {@link SlurmRestErrors})
   */
  private JsonNode read(ApiReply reply, boolean slurmErrors) {
    if (reply.status() == 401 || reply.status() == 403) {
      throw new TransportException(
          target(),
          TransportException.Step.AUTHENTICATION,
          reply.request()
              + ": slurmrestd refused the credential (HTTP "
              + reply.status()
              + ", "
              + SlurmRestErrors.firstLine(reply.body())
              + "): check that the "
              + api.target().credential().words()
              + " holds a valid, unexpired token or the cluster's current signing key");
    }
    JsonNode root;
    try {
      root = JSON.readTree(reply.body());
    } catch (JsonProcessingException e) {
      throw notJson(reply, "its body is not valid JSON (" + e.getOriginalMessage() + ")");
    }
    if (root == null || !root.isObject()) {
      throw notJson(reply, "its body is not a JSON object");
    }
    if (slurmErrors) {
      SlurmRestErrors.requireNone(target(), reply, root);
    }
    return root;
  }

  private ProbeException notJson(ApiReply reply, String why) {
    return new ProbeException(
        target()
            + ": "
            + reply.request()
            + " answered HTTP "
            + reply.status()
            + (reply.contentType().isEmpty() ? "" : " (" + reply.contentType() + ")")
            + " but "
            + why
            + ", starting "
            + SlurmRestErrors.firstLine(reply.body())
            + ": is rest_url slurmrestd itself, not a proxy's page or another service?");
  }
}
