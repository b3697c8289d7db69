package io.examlops.fleet.access;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.examlops.fleet.model.ErrorKind;
import io.examlops.fleet.model.FleetException;
import io.examlops.fleet.model.Printable;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.Signature;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;

/**
 * Checks an ID token as OpenID Connect Core 1.0 (3.1.3.7) says a client must: a JWS signed with
 * RS256 or ES256 by one of the issuer's published keys (never {@code none}, never a MAC), issued by
 * the issuer the console trusts, for the console's client id, not expired, and carrying the nonce
 * the console sent with this sign-in. What it refuses, it refuses with why.
 *
 * @param issuer the issuer the console trusts
 * @param clientId the console's client id there
 */
record IdTokens(String issuer, String clientId) {
  /** How far the provider's clock may be from the console's. */
  static final Duration SKEW = Duration.ofSeconds(60);

  private static final ObjectMapper JSON = new ObjectMapper();

  /** An ID token that passed every check: its claims, and when it expires. */
  record IdToken(JsonNode claims, Instant expiresAt) {}

  /**
   * The claims of {@code token}, checked against {@code keys}, the {@code nonce} this sign-in sent,
   * at {@code now}.
   *
   * @throws FleetException AUTHENTICATION_FAILED saying which check failed
   */
  IdToken verify(String token, JsonWebKeys keys, String nonce, Instant now) {
    String[] parts = token == null ? new String[0] : token.split("\\.", -1);
    if (parts.length != 3) {
      throw refused("it is not a signed JWT (three dot-separated parts)");
    }
    JsonNode header = json(parts[0], "header");
    String algorithm = header.path("alg").asText("");
    if (!algorithm.equals("RS256") && !algorithm.equals("ES256")) {
      throw refused(
          "it is signed with "
              + Printable.quoted(algorithm)
              + ": only RS256 and ES256 signatures by the issuer's published keys are accepted");
    }
    String keyId = header.hasNonNull("kid") ? header.path("kid").asText() : null;
    JsonWebKeys.Key key =
        keys.find(algorithm, keyId)
            .orElseThrow(
                () ->
                    refused(
                        "no "
                            + algorithm
                            + " key the issuer publishes"
                            + (keyId == null ? "" : " has its key id " + Printable.quoted(keyId))));
    if (!signatureHolds(parts, key)) {
      throw refused("its signature does not verify against the issuer's key");
    }
    JsonNode claims = json(parts[1], "claims");
    if (!issuer.equals(claims.path("iss").asText(null))) {
      throw refused(
          "it was issued by "
              + Printable.quoted(claims.path("iss").asText(""))
              + ", not by "
              + issuer);
    }
    if (!forThisClient(claims)) {
      throw refused("it is meant for another client (aud), not this console's " + clientId);
    }
    if (!claims.path("exp").canConvertToLong() || !claims.path("iat").canConvertToLong()) {
      throw refused("it says no expiry (exp) or issue time (iat)");
    }
    Instant expires = Instant.ofEpochSecond(claims.path("exp").asLong());
    if (!now.isBefore(expires.plus(SKEW))) {
      throw refused("it expired at " + expires);
    }
    if (Instant.ofEpochSecond(claims.path("iat").asLong()).isAfter(now.plus(SKEW))) {
      throw refused("it was issued in the future (iat), by the console's clock");
    }
    String sent = claims.path("nonce").asText("");
    if (!MessageDigest.isEqual(
        sent.getBytes(StandardCharsets.UTF_8), nonce.getBytes(StandardCharsets.UTF_8))) {
      throw refused("its nonce is not the one this sign-in sent (a replayed token?)");
    }
    if (claims.path("sub").asText("").isEmpty()) {
      throw refused("it names no subject (sub)");
    }
    return new IdToken(claims, expires);
  }

  /** {@code aud} names the console; with other audiences beside it, {@code azp} is the console. */
  private boolean forThisClient(JsonNode claims) {
    JsonNode audience = claims.path("aud");
    boolean named = false;
    int count = 0;
    if (audience.isTextual()) {
      named = audience.asText().equals(clientId);
      count = 1;
    } else if (audience.isArray()) {
      for (JsonNode a : audience) {
        named |= a.asText("").equals(clientId);
        count++;
      }
    }
    return named && (count == 1 || clientId.equals(claims.path("azp").asText(null)));
  }

  private static boolean signatureHolds(String[] parts, JsonWebKeys.Key key) {
    try {
      Signature signature =
          Signature.getInstance(
              key.algorithm().equals("RS256") ? "SHA256withRSA" : "SHA256withECDSAinP1363Format");
      signature.initVerify(key.publicKey());
      signature.update((parts[0] + "." + parts[1]).getBytes(StandardCharsets.US_ASCII));
      return signature.verify(Base64.getUrlDecoder().decode(parts[2]));
    } catch (GeneralSecurityException | IllegalArgumentException e) {
      return false;
    }
  }

  private JsonNode json(String part, String what) {
    try {
      JsonNode node = JSON.readTree(Base64.getUrlDecoder().decode(part));
      if (node == null || !node.isObject()) {
        throw refused("its " + what + " is not a JSON object");
      }
      return node;
    } catch (IOException | IllegalArgumentException e) {
      throw refused("its " + what + " is not base64url-encoded JSON");
    }
  }

  private FleetException refused(String why) {
    return new FleetException(
        ErrorKind.AUTHENTICATION_FAILED, "the ID token from " + issuer + " is refused: " + why);
  }
}
