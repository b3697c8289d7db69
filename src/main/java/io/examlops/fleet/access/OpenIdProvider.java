package io.examlops.fleet.access;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.examlops.fleet.model.ApiSettings;
import io.examlops.fleet.model.ErrorKind;
import io.examlops.fleet.model.FleetException;
import io.examlops.fleet.model.OneLine;
import io.examlops.fleet.model.OutboundHttp;
import io.examlops.fleet.model.Printable;
import io.examlops.fleet.model.access.Role;
import io.examlops.fleet.settings.OpenIdSettings;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The console's client of its OpenID Provider: the authorization code flow with PKCE (S256), state
 * and nonce. Each sign-in reads the provider's metadata ({@code
 * issuer/.well-known/openid-configuration}) and, for its ID token, the provider's keys, so that a
 * provider that rotated its keys is followed; the console keeps nothing of it between sign-ins.
 * Every address it is sent to must be https, or http to this machine's loopback only.
 */
final class OpenIdProvider {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final SecureRandom RANDOM = new SecureRandom();
  private static final int MAX_BODY = 1024 * 1024;

  /** What the provider's metadata says the console needs. */
  record Metadata(String issuer, URI authorization, URI token, URI keys) {}

  /** Who the ID token says signed in: the console's name for it, its groups, its role. */
  record Identity(String name, Role role, List<String> groups, IdTokens.IdToken token) {}

  private final OpenIdSettings settings;
  private final Clock clock;
  private final HttpClient http;
  private final IdTokens tokens;

  OpenIdProvider(OpenIdSettings settings, Clock clock) {
    this.settings = settings;
    this.clock = clock;
    this.http = OutboundHttp.client(settings.timeout());
    this.tokens = new IdTokens(settings.issuer().toString(), settings.clientId());
  }

  OpenIdSettings settings() {
    return settings;
  }

  /**
   * A new sign-in: the provider's metadata read now, a new state, nonce and PKCE verifier, and the
   * authorization endpoint's address with them.
   *
   * @param redirectUri the console's callback, as the provider knows it
   * @throws FleetException CONNECT_FAILED or TIMED_OUT when the provider cannot be asked or its
   *     metadata cannot be used
   */
  ProviderRequest begin(URI redirectUri) {
    Metadata metadata = metadata();
    String state = random();
    String nonce = random();
    String verifier = random();
    Map<String, String> query = new LinkedHashMap<>();
    query.put("response_type", "code");
    query.put("client_id", settings.clientId());
    query.put("redirect_uri", redirectUri.toString());
    List<String> scopes = new ArrayList<>(List.of("openid"));
    settings.scopes().stream().filter(s -> !scopes.contains(s)).forEach(scopes::add);
    query.put("scope", String.join(" ", scopes));
    query.put("state", state);
    query.put("nonce", nonce);
    query.put("code_challenge", challenge(verifier));
    query.put("code_challenge_method", "S256");
    String endpoint = metadata.authorization().toString();
    URI location = URI.create(endpoint + (endpoint.contains("?") ? "&" : "?") + form(query));
    return new ProviderRequest(location, state, nonce, verifier, redirectUri, metadata);
  }

  /**
   * Redeems the code the provider sent back for this sign-in's ID token, checks it, and says who it
   * names.
   *
   * @throws FleetException CONNECT_FAILED or TIMED_OUT when the provider cannot be asked;
   *     AUTHENTICATION_FAILED when it refuses the code or its ID token fails a check
   */
  Identity finish(ProviderRequest request, String code) {
    Map<String, String> body = new LinkedHashMap<>();
    body.put("grant_type", "authorization_code");
    body.put("code", code);
    body.put("redirect_uri", request.redirectUri().toString());
    body.put("code_verifier", request.verifier());
    char[] secret = settings.clientSecret().reveal();
    String basic;
    try {
      // RFC 6749 2.3.1: the id and secret are form-encoded before they are joined.
      basic =
          Base64.getEncoder()
              .encodeToString(
                  (formEncoded(settings.clientId()) + ":" + formEncoded(new String(secret)))
                      .getBytes(StandardCharsets.UTF_8));
    } finally {
      java.util.Arrays.fill(secret, '\0');
    }
    HttpResponse<String> answer =
        send(
            HttpRequest.newBuilder(request.metadata().token())
                .header("Authorization", "Basic " + basic)
                .header("Content-Type", "application/x-www-form-urlencoded")
                .header("Accept", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(form(body))),
            "its token endpoint");
    JsonNode tokenResponse = json(answer, "its token endpoint");
    if (answer.statusCode() != 200) {
      throw new FleetException(
          ErrorKind.AUTHENTICATION_FAILED,
          settings.describe()
              + " refused to redeem this sign-in's code ("
              + Printable.quoted(
                  OneLine.escaped(
                      tokenResponse.path("error").asText("HTTP " + answer.statusCode())))
              + "): sign in again");
    }
    String idToken = tokenResponse.path("id_token").asText(null);
    if (idToken == null) {
      throw new FleetException(
          ErrorKind.AUTHENTICATION_FAILED,
          settings.describe() + " sent no ID token for this sign-in's code (is openid a scope?)");
    }
    JsonWebKeys keys =
        JsonWebKeys.of(
            json(get(request.metadata().keys(), "its keys (jwks_uri)"), "its keys (jwks_uri)"));
    IdTokens.IdToken token = tokens.verify(idToken, keys, request.nonce(), clock.instant());
    return identity(token);
  }

  private Identity identity(IdTokens.IdToken token) {
    String name = token.claims().path(settings.userClaim()).asText("").strip();
    if (name.isEmpty()
        || name.length() > DirectoryUsers.MAX_NAME
        || !OneLine.isPlain(name)
        || !token.claims().path(settings.userClaim()).isTextual()) {
      throw new FleetException(
          ErrorKind.AUTHENTICATION_FAILED,
          "the ID token from "
              + settings.issuer()
              + " has no usable user name in its claim "
              + settings.userClaim()
              + " (text of 1 to "
              + DirectoryUsers.MAX_NAME
              + " characters on one line): set userClaim to a claim the provider fills, e.g."
              + " preferred_username or email");
    }
    List<String> groups = new ArrayList<>();
    JsonNode claim = token.claims().path(settings.groupsClaim());
    if (claim.isTextual()) {
      groups.add(claim.asText());
    } else {
      claim.forEach(g -> groups.add(g.asText("")));
    }
    List<String> admin = groups.stream().filter(settings.adminGroups()::contains).toList();
    List<String> viewer = groups.stream().filter(settings.viewerGroups()::contains).toList();
    Role role = !admin.isEmpty() ? Role.ADMIN : !viewer.isEmpty() ? Role.VIEWER : null;
    List<String> mapped = new ArrayList<>(admin);
    viewer.stream().filter(g -> !mapped.contains(g)).forEach(mapped::add);
    return new Identity(name, role, mapped, token);
  }

  /** The provider's metadata, read now and checked (OpenID Connect Discovery 1.0, 4.3). */
  private Metadata metadata() {
    String issuer = settings.issuer().toString();
    URI where =
        URI.create(
            (issuer.endsWith("/") ? issuer.substring(0, issuer.length() - 1) : issuer)
                + "/.well-known/openid-configuration");
    JsonNode metadata = json(get(where, "its metadata"), "its metadata");
    if (!issuer.equals(metadata.path("issuer").asText(null))) {
      throw unusable(
          "its metadata at "
              + where
              + " names the issuer "
              + Printable.quoted(metadata.path("issuer").asText(""))
              + ", not "
              + issuer
              + ": set issuer to exactly what the provider calls itself");
    }
    return new Metadata(
        issuer,
        endpoint(metadata, "authorization_endpoint"),
        endpoint(metadata, "token_endpoint"),
        endpoint(metadata, "jwks_uri"));
  }

  private URI endpoint(JsonNode metadata, String member) {
    String text = metadata.path(member).asText("");
    URI uri;
    try {
      uri = new URI(text);
    } catch (java.net.URISyntaxException e) {
      throw unusable("its metadata's " + member + " " + Printable.quoted(text) + " is not a URL");
    }
    String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
    boolean allowed =
        uri.getHost() != null
            && (scheme.equals("https")
                || (scheme.equals("http") && ApiSettings.loopback(uri.getHost())));
    if (!allowed) {
      throw unusable(
          "its metadata's "
              + member
              + " is "
              + Printable.quoted(text)
              + ": the console uses https only (plain http to this machine's loopback only)");
    }
    return uri;
  }

  private HttpResponse<String> get(URI uri, String what) {
    HttpResponse<String> answer =
        send(HttpRequest.newBuilder(uri).header("Accept", "application/json").GET(), what);
    if (answer.statusCode() != 200) {
      throw unusable(what + " at " + uri + " answered HTTP " + answer.statusCode());
    }
    return answer;
  }

  private HttpResponse<String> send(HttpRequest.Builder request, String what) {
    try {
      HttpResponse<String> answer =
          http.send(
              request.timeout(settings.timeout()).build(),
              HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
      if (answer.body().length() > MAX_BODY) {
        throw unusable(what + " sent more than " + MAX_BODY + " characters");
      }
      return answer;
    } catch (HttpTimeoutException e) {
      throw new FleetException(
          ErrorKind.TIMED_OUT,
          settings.describe()
              + " did not answer within "
              + settings.timeout().toSeconds()
              + " s ("
              + what
              + ")");
    } catch (IOException e) {
      throw unusable(what + " cannot be reached (" + e.getClass().getSimpleName() + ")");
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw unusable("the console stopped while asking " + what);
    }
  }

  private JsonNode json(HttpResponse<String> answer, String what) {
    try {
      JsonNode node = JSON.readTree(answer.body());
      if (node == null || !node.isObject()) {
        throw unusable(what + " did not answer with a JSON object");
      }
      return node;
    } catch (IOException e) {
      throw unusable(what + " did not answer with JSON");
    }
  }

  private FleetException unusable(String why) {
    return new FleetException(
        ErrorKind.CONNECT_FAILED, "the identity provider " + settings.describe() + ": " + why);
  }

  private static String form(Map<String, String> values) {
    return values.entrySet().stream()
        .map(e -> formEncoded(e.getKey()) + "=" + formEncoded(e.getValue()))
        .collect(Collectors.joining("&"));
  }

  private static String formEncoded(String text) {
    return URLEncoder.encode(text, StandardCharsets.UTF_8);
  }

  private static String challenge(String verifier) {
    try {
      byte[] digest =
          MessageDigest.getInstance("SHA-256").digest(verifier.getBytes(StandardCharsets.US_ASCII));
      return Base64.getUrlEncoder().withoutPadding().encodeToString(digest);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java runtime has SHA-256", e);
    }
  }

  /** 32 random bytes, base64url: a state, a nonce, a PKCE verifier (43 characters). */
  private static String random() {
    byte[] bytes = new byte[32];
    RANDOM.nextBytes(bytes);
    return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
  }
}
