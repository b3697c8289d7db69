package io.examlops.fleet.access;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.examlops.fleet.model.ErrorKind;
import io.examlops.fleet.model.FleetException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.Signature;
import java.security.interfaces.ECPublicKey;
import java.security.interfaces.RSAPublicKey;
import java.security.spec.ECGenParameterSpec;
import java.time.Instant;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * ID tokens as the console checks them, with keys made here: the issuer's RSA and P-256 keys
 * published as a JWK set, tokens signed by them accepted; forged, expired, misdirected, replayed
 * and unsigned tokens refused, each saying why.
 */
class IdTokensTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String ISSUER = "https://sso.example.org/realms/hpc";
  private static final String CLIENT = "hpc-fleet-console";
  private static final String NONCE = "the nonce this sign-in sent";
  private static final Instant NOW = Instant.parse("2026-12-06T12:00:00Z");

  private static KeyPair rsa;
  private static KeyPair ec;
  private static KeyPair stranger;
  private static JsonWebKeys published;
  private static final IdTokens TOKENS = new IdTokens(ISSUER, CLIENT);

  @BeforeAll
  static void keys() throws Exception {
    KeyPairGenerator rsaKeys = KeyPairGenerator.getInstance("RSA");
    rsaKeys.initialize(2048);
    rsa = rsaKeys.generateKeyPair();
    stranger = rsaKeys.generateKeyPair();
    KeyPairGenerator ecKeys = KeyPairGenerator.getInstance("EC");
    ecKeys.initialize(new ECGenParameterSpec("secp256r1"));
    ec = ecKeys.generateKeyPair();
    RSAPublicKey r = (RSAPublicKey) rsa.getPublic();
    ECPublicKey e = (ECPublicKey) ec.getPublic();
    published =
        JsonWebKeys.of(
            JSON.valueToTree(
                Map.of(
                    "keys",
                    List.of(
                        Map.of(
                            "kty",
                            "RSA",
                            "kid",
                            "rsa-1",
                            "use",
                            "sig",
                            "n",
                            b64(r.getModulus()),
                            "e",
                            b64(r.getPublicExponent())),
                        Map.of(
                            "kty",
                            "EC",
                            "kid",
                            "ec-1",
                            "crv",
                            "P-256",
                            "x",
                            b64(e.getW().getAffineX()),
                            "y",
                            b64(e.getW().getAffineY())),
                        // An encryption key: never one that signs ID tokens.
                        Map.of(
                            "kty",
                            "RSA",
                            "kid",
                            "enc-1",
                            "use",
                            "enc",
                            "n",
                            b64(r.getModulus()),
                            "e",
                            b64(r.getPublicExponent()))))));
  }

  private static String b64(BigInteger value) {
    byte[] bytes = value.toByteArray();
    if (bytes[0] == 0) {
      bytes = Arrays.copyOfRange(bytes, 1, bytes.length);
    }
    return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
  }

  private static String b64(byte[] bytes) {
    return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
  }

  /** The claims a good token for this sign-in has. */
  private static Map<String, Object> claims() {
    Map<String, Object> claims = new LinkedHashMap<>();
    claims.put("iss", ISSUER);
    claims.put("sub", "248289761001");
    claims.put("aud", CLIENT);
    claims.put("nonce", NONCE);
    claims.put("iat", NOW.minusSeconds(10).getEpochSecond());
    claims.put("exp", NOW.plusSeconds(300).getEpochSecond());
    claims.put("preferred_username", "dora");
    claims.put("groups", List.of("hpc-admins"));
    return claims;
  }

  private static String signed(String alg, String kid, PrivateKey key, Map<String, Object> claims)
      throws Exception {
    String input =
        b64(JSON.writeValueAsBytes(Map.of("alg", alg, "kid", kid, "typ", "JWT")))
            + "."
            + b64(JSON.writeValueAsBytes(claims));
    Signature signature =
        Signature.getInstance(
            alg.equals("RS256") ? "SHA256withRSA" : "SHA256withECDSAinP1363Format");
    signature.initSign(key);
    signature.update(input.getBytes(StandardCharsets.US_ASCII));
    return input + "." + b64(signature.sign());
  }

  private static String rs256(Map<String, Object> claims) throws Exception {
    return signed("RS256", "rsa-1", rsa.getPrivate(), claims);
  }

  private static JsonNode verify(String token) {
    return TOKENS.verify(token, published, NONCE, NOW).claims();
  }

  private static void refused(String token, String why) {
    assertThatThrownBy(() -> verify(token))
        .isInstanceOfSatisfying(
            FleetException.class,
            e -> assertThat(e.kind()).isEqualTo(ErrorKind.AUTHENTICATION_FAILED))
        .hasMessageStartingWith("the ID token from " + ISSUER + " is refused: ")
        .hasMessageContaining(why);
  }

  @Test
  void tokensSignedByTheIssuersRsaAndEcKeysAreAccepted() throws Exception {
    assertThat(verify(rs256(claims())).path("preferred_username").asText()).isEqualTo("dora");
    IdTokens.IdToken es =
        TOKENS.verify(signed("ES256", "ec-1", ec.getPrivate(), claims()), published, NONCE, NOW);
    assertThat(es.claims().path("groups").get(0).asText()).isEqualTo("hpc-admins");
    assertThat(es.expiresAt()).isEqualTo(NOW.plusSeconds(300));
    // Several audiences: the console's among them, and it is the party the token was given to.
    Map<String, Object> several = claims();
    several.put("aud", List.of("another-api", CLIENT));
    several.put("azp", CLIENT);
    assertThat(verify(rs256(several)).path("sub").asText()).isEqualTo("248289761001");
  }

  @Test
  void aForgedOrAlteredTokenIsRefused() throws Exception {
    refused(signed("RS256", "rsa-1", stranger.getPrivate(), claims()), "signature does not verify");
    String good = rs256(claims());
    String[] parts = good.split("\\.");
    Map<String, Object> admin = claims();
    admin.put("groups", List.of("hpc-admins", "root"));
    refused(
        parts[0] + "." + b64(JSON.writeValueAsBytes(admin)) + "." + parts[2],
        "signature does not verify");
    refused(signed("RS256", "no-such-key", rsa.getPrivate(), claims()), "no RS256 key");
    // An RSA signature under the EC key's id, and an ES256 one under the RSA key's: no such key.
    refused(signed("ES256", "rsa-1", ec.getPrivate(), claims()), "no ES256 key");
    refused(signed("RS256", "enc-1", rsa.getPrivate(), claims()), "no RS256 key");
  }

  @Test
  void unsignedAndMacSignedTokensAreRefused() throws Exception {
    String claims = b64(JSON.writeValueAsBytes(claims()));
    refused(
        b64("{\"alg\":\"none\"}".getBytes(StandardCharsets.UTF_8)) + "." + claims + ".", "'none'");
    // HS256 keyed with the issuer's public key, the classic confusion: never accepted.
    String input =
        b64("{\"alg\":\"HS256\",\"kid\":\"rsa-1\"}".getBytes(StandardCharsets.UTF_8))
            + "."
            + claims;
    Mac mac = Mac.getInstance("HmacSHA256");
    mac.init(new SecretKeySpec(rsa.getPublic().getEncoded(), "HmacSHA256"));
    refused(input + "." + b64(mac.doFinal(input.getBytes(StandardCharsets.US_ASCII))), "'HS256'");
    refused("not a token", "three dot-separated parts");
  }

  @Test
  void anExpiredTokenIsRefusedPastTheClockSkew() throws Exception {
    Map<String, Object> expired = claims();
    expired.put("iat", NOW.minusSeconds(900).getEpochSecond());
    expired.put("exp", NOW.minus(IdTokens.SKEW).minusSeconds(1).getEpochSecond());
    refused(rs256(expired), "it expired at");
    Map<String, Object> justNow = claims();
    justNow.put("exp", NOW.minusSeconds(5).getEpochSecond());
    assertThat(verify(rs256(justNow)).path("sub").asText()).as("within the skew").isNotEmpty();
    Map<String, Object> future = claims();
    future.put("iat", NOW.plusSeconds(3600).getEpochSecond());
    refused(rs256(future), "issued in the future");
    Map<String, Object> noExpiry = claims();
    noExpiry.remove("exp");
    refused(rs256(noExpiry), "no expiry");
  }

  @Test
  void aTokenForAnotherClientOrFromAnotherIssuerIsRefused() throws Exception {
    Map<String, Object> otherClient = claims();
    otherClient.put("aud", "another-client");
    refused(rs256(otherClient), "meant for another client");
    Map<String, Object> givenToAnother = claims();
    givenToAnother.put("aud", List.of(CLIENT, "another-client"));
    givenToAnother.put("azp", "another-client");
    refused(rs256(givenToAnother), "meant for another client");
    Map<String, Object> noAzp = claims();
    noAzp.put("aud", List.of(CLIENT, "another-client"));
    refused(rs256(noAzp), "meant for another client");
    Map<String, Object> otherIssuer = claims();
    otherIssuer.put("iss", "https://evil.example.org");
    refused(rs256(otherIssuer), "issued by 'https://evil.example.org', not by " + ISSUER);
  }

  @Test
  void aTokenWithAnotherSignInsNonceIsRefused() throws Exception {
    Map<String, Object> replayed = claims();
    replayed.put("nonce", "an earlier sign-in's nonce");
    refused(rs256(replayed), "nonce is not the one this sign-in sent");
    Map<String, Object> none = claims();
    none.remove("nonce");
    refused(rs256(none), "nonce is not the one this sign-in sent");
    Map<String, Object> noSubject = claims();
    noSubject.remove("sub");
    refused(rs256(noSubject), "no subject");
  }
}
