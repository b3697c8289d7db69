package io.examlops.fleet.access;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;
import java.util.regex.Pattern;

/**
 * API token secrets: {@code exa_<id>_<32 random bytes>}. The secret has 256 bits of entropy, so a
 * plain SHA-256 stores it safely and lets every request be checked without a slow hash.
 */
final class TokenSecrets {
  static final String PREFIX = "exa_";
  private static final Pattern FORM = Pattern.compile("exa_([0-9a-f]{8})_[A-Za-z0-9_-]{43}");
  private static final SecureRandom RANDOM = new SecureRandom();

  private TokenSecrets() {}

  static String newId() {
    byte[] id = new byte[4];
    RANDOM.nextBytes(id);
    return HexFormat.of().formatHex(id);
  }

  static String newSecret(String id) {
    byte[] secret = new byte[32];
    RANDOM.nextBytes(secret);
    return PREFIX + id + "_" + Base64.getUrlEncoder().withoutPadding().encodeToString(secret);
  }

  /** A user's credential stamp (see {@link io.examlops.fleet.model.access.Credential}). */
  static String newStamp() {
    byte[] stamp = new byte[16];
    RANDOM.nextBytes(stamp);
    return HexFormat.of().formatHex(stamp);
  }

  static boolean wellFormed(String secret) {
    return secret != null && FORM.matcher(secret).matches();
  }

  static String hash(String secret) {
    try {
      return HexFormat.of()
          .formatHex(
              MessageDigest.getInstance("SHA-256")
                  .digest(secret.getBytes(StandardCharsets.US_ASCII)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
    }
  }
}
