package io.examlops.fleet.scheduler.slurm;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * A token Slurm's {@code auth/jwt} accepts, signed with the cluster's HS256 key as {@code scontrol
 * token} signs them: {@code iat}, {@code exp} and {@code sun}, the Slurm user it acts as. Pure: the
 * key is given, the clock is given.
 */
final class SlurmJwt {
  /** Long enough for one request, short enough that a token seen in a log is worth little. */
  static final Duration LIFESPAN = Duration.ofMinutes(5);

  private static final Base64.Encoder URL = Base64.getUrlEncoder().withoutPadding();
  private static final String HEADER =
      URL.encodeToString("{\"alg\":\"HS256\",\"typ\":\"JWT\"}".getBytes(StandardCharsets.UTF_8));

  private SlurmJwt() {}

  /** A token for {@code user} issued at {@code now}, expiring {@link #LIFESPAN} later. */
  static String mint(byte[] key, String user, Instant now) {
    long issued = now.getEpochSecond();
    // user is a checked login name (letters, digits, . - _): nothing in it needs JSON escaping
    String claims =
        "{\"iat\":"
            + issued
            + ",\"exp\":"
            + (issued + LIFESPAN.getSeconds())
            + ",\"sun\":\""
            + user
            + "\"}";
    String signed = HEADER + "." + URL.encodeToString(claims.getBytes(StandardCharsets.UTF_8));
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(key, "HmacSHA256"));
      return signed
          + "."
          + URL.encodeToString(mac.doFinal(signed.getBytes(StandardCharsets.US_ASCII)));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("every Java runtime provides HmacSHA256", e);
    }
  }
}
