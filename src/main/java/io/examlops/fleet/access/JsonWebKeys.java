package io.examlops.fleet.access;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigInteger;
import java.security.AlgorithmParameters;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PublicKey;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.ECParameterSpec;
import java.security.spec.ECPoint;
import java.security.spec.ECPublicKeySpec;
import java.security.spec.RSAPublicKeySpec;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Optional;

/**
 * The signing keys an OpenID Provider publishes at its {@code jwks_uri} (RFC 7517), as Java public
 * keys: RSA keys for RS256, P-256 keys for ES256. Keys of other types, curves or uses are left out:
 * an ID token signed with one of them is refused as signed by no key of the issuer's.
 */
record JsonWebKeys(List<Key> keys) {
  /** One signing key: its id ({@code kid}, may be null), its algorithm, the key. */
  record Key(String id, String algorithm, PublicKey publicKey) {}

  JsonWebKeys {
    keys = List.copyOf(keys);
  }

  /** The signing keys of a JWK set; those it cannot read are left out. */
  static JsonWebKeys of(JsonNode set) {
    List<Key> keys = new ArrayList<>();
    for (JsonNode jwk : set.path("keys")) {
      if (jwk.hasNonNull("use") && !"sig".equals(jwk.path("use").asText())) {
        continue;
      }
      String id = jwk.hasNonNull("kid") ? jwk.path("kid").asText() : null;
      try {
        switch (jwk.path("kty").asText()) {
          case "RSA" -> keys.add(new Key(id, "RS256", rsa(jwk)));
          case "EC" -> {
            if ("P-256".equals(jwk.path("crv").asText())) {
              keys.add(new Key(id, "ES256", ec(jwk)));
            }
          }
          default -> {
            // a key type ID tokens here are never signed with
          }
        }
      } catch (GeneralSecurityException | IllegalArgumentException unreadable) {
        // a key this console cannot read verifies nothing
      }
    }
    return new JsonWebKeys(keys);
  }

  /**
   * The key that may have signed a token with this header: of its algorithm, and of its {@code kid}
   * when it names one (else the only key of that algorithm).
   */
  Optional<Key> find(String algorithm, String keyId) {
    List<Key> candidates =
        keys.stream()
            .filter(k -> k.algorithm().equals(algorithm))
            .filter(k -> keyId == null || keyId.equals(k.id()))
            .toList();
    return candidates.size() == 1 ? Optional.of(candidates.get(0)) : Optional.empty();
  }

  private static PublicKey rsa(JsonNode jwk) throws GeneralSecurityException {
    return KeyFactory.getInstance("RSA")
        .generatePublic(new RSAPublicKeySpec(unsigned(jwk, "n"), unsigned(jwk, "e")));
  }

  private static PublicKey ec(JsonNode jwk) throws GeneralSecurityException {
    AlgorithmParameters parameters = AlgorithmParameters.getInstance("EC");
    parameters.init(new ECGenParameterSpec("secp256r1"));
    ECParameterSpec curve = parameters.getParameterSpec(ECParameterSpec.class);
    ECPoint point = new ECPoint(unsigned(jwk, "x"), unsigned(jwk, "y"));
    return KeyFactory.getInstance("EC").generatePublic(new ECPublicKeySpec(point, curve));
  }

  private static BigInteger unsigned(JsonNode jwk, String member) {
    return new BigInteger(1, Base64.getUrlDecoder().decode(jwk.path(member).asText()));
  }
}
