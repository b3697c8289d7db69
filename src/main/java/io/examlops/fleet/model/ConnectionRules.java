package io.examlops.fleet.model;

import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Checks for the values of a cluster's connection definition. Each check returns the value (or its
 * normal form) or throws an {@link IllegalArgumentException} whose message says what is wrong and
 * how to write it; clusters.yaml adds the line number.
 */
public final class ConnectionRules {
  public static final int DEFAULT_SSH_PORT = 22;

  /** DNS names are at most 253 characters. */
  public static final int MAX_HOST_LENGTH = 253;

  // Host names and IP addresses; never starting with '-', so a host cannot become an ssh option.
  private static final Pattern HOST = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._:-]{0,252}");
  private static final Pattern USER = Pattern.compile("[A-Za-z0-9_][A-Za-z0-9_.-]{0,63}");
  // ssh-keygen -l prints SHA256:<base64 of 32 bytes without padding> = 43 characters.
  private static final Pattern FINGERPRINT = Pattern.compile("SHA256:[A-Za-z0-9+/]{43}");
  private static final Pattern BARE_BASE64 = Pattern.compile("[A-Za-z0-9+/=]{64,}");

  private ConnectionRules() {}

  public static SchedulerKind scheduler(String text) {
    SchedulerKind kind;
    try {
      kind = SchedulerKind.parse(text);
    } catch (FleetException e) {
      kind = SchedulerKind.NONE;
    }
    if (!kind.runsJobs()) {
      throw FleetException.invalid(
          "unknown scheduler "
              + Printable.quoted(text)
              + ": use "
              + SchedulerKind.orList(SchedulerKind.registrable()));
    }
    return kind;
  }

  public static String host(String host) {
    if (host == null || !HOST.matcher(host).matches()) {
      throw FleetException.invalid(
          Printable.quoted(host)
              + (host != null && host.length() > MAX_HOST_LENGTH
                  ? " (" + host.length() + " characters)"
                  : "")
              + " is not a host name: use a host name or IP address of at most "
              + MAX_HOST_LENGTH
              + " letters, digits, '.', '-', '_' or ':', not starting with '-'");
    }
    return host;
  }

  public static String user(String user) {
    if (user == null || !USER.matcher(user).matches()) {
      throw FleetException.invalidValue(
          "ssh user",
          user,
          "use a login name of letters, digits, '.', '-' and '_', not starting with '-'");
    }
    return user;
  }

  public static int port(long port) {
    if (port < 1 || port > 65535) {
      throw FleetException.invalid(
          "invalid port " + port + ": use a TCP port between 1 and 65535 (ssh uses 22)");
    }
    return (int) port;
  }

  /**
   * A key or host-key fingerprint in OpenSSH's SHA256 form ({@code ssh-keygen -lf key}); trailing
   * base64 padding is dropped so that both spellings compare equal.
   */
  public static String fingerprint(String fingerprint) {
    String normal = fingerprint == null ? null : fingerprint.trim().replaceAll("=+$", "");
    if (normal == null || !FINGERPRINT.matcher(normal).matches()) {
      throw FleetException.invalidValue(
          "fingerprint",
          fingerprint,
          "expected SHA256: and 43 base64 characters, as `ssh-keygen -lf <key>` prints"
              + " (for a host key: `ssh-keyscan -t ed25519 <host> | ssh-keygen -lf -`)");
    }
    return normal;
  }

  /**
   * A path to a private key file. Key material itself is refused: keys are referenced by path and
   * never copied into clusters.yaml, the database or logs.
   */
  public static String keyPath(String path) {
    if (path == null || path.isBlank()) {
      throw FleetException.invalid("empty key path: give the path of the private key file");
    }
    if (looksLikeKeyMaterial(path)) {
      throw FleetException.invalid(
          "the key value looks like key material, not a path: keys are never stored; save the key"
              + " in a file readable only by you (chmod 600) and give that file's path");
    }
    if (path.indexOf('\0') >= 0 || path.length() > 4096) {
      throw FleetException.invalid("invalid key path: give the path of the private key file");
    }
    if (!path.startsWith("/") && !path.equals("~") && !path.startsWith("~/")) {
      throw FleetException.invalid(
          "key path "
              + Printable.quoted(path)
              + " is relative: give an absolute path or one starting with ~/");
    }
    return path;
  }

  /** Whether a value looks like a private or public key rather than a file name. */
  public static boolean looksLikeKeyMaterial(String value) {
    String upper = value.toUpperCase(Locale.ROOT);
    return KeyMaterial.looksLikePrivateKey(value)
        || upper.contains("-----BEGIN")
        || upper.contains("PRIVATE KEY")
        || value.indexOf('\n') >= 0
        || value.startsWith("ssh-ed25519 ")
        || value.startsWith("ssh-rsa ")
        || value.startsWith("ecdsa-sha2-")
        || BARE_BASE64.matcher(value).matches();
  }
}
