package io.examlops.fleet.transport;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The entries of an OpenSSH {@code known_hosts} file (sshd(8) "SSH_KNOWN_HOSTS FILE FORMAT"):
 * optional marker ({@code @revoked}, {@code @cert-authority}), comma-separated host patterns
 * (wildcards {@code *} {@code ?}, negation {@code !}, {@code [host]:port} for ports other than 22)
 * or one hashed name {@code |1|salt|hmac}, key type, base64 key, optional comment. Lines that do
 * not have this shape are skipped, as OpenSSH skips them.
 */
final class KnownHosts {
  private static final String HASH_MAGIC = "|1|";

  /** One line of the file. */
  record Entry(int lineNumber, String marker, String hosts, String keyType, String keyBase64) {

    boolean isRevoked() {
      return "@revoked".equals(marker);
    }

    boolean isCertAuthority() {
      return "@cert-authority".equals(marker);
    }

    boolean sameKey(byte[] blob) {
      return MessageDigest.isEqual(Base64.getDecoder().decode(keyBase64), blob);
    }

    String fingerprint() {
      return KeyFingerprint.ofPublicKeyBlob(Base64.getDecoder().decode(keyBase64));
    }

    boolean matches(String hostName) {
      return hosts.startsWith(HASH_MAGIC)
          ? hashedMatches(hosts, hostName)
          : HostPatterns.matchList(hosts, hostName);
    }
  }

  private final List<Entry> entries;

  private KnownHosts(List<Entry> entries) {
    this.entries = entries;
  }

  /** Reads a known_hosts file; a file that does not exist yet has no entries. */
  static KnownHosts read(Path file) throws IOException {
    if (!Files.exists(file)) {
      return new KnownHosts(List.of());
    }
    return parse(Files.readString(file, StandardCharsets.UTF_8));
  }

  static KnownHosts parse(String text) {
    List<Entry> entries = new ArrayList<>();
    String[] lines = text.split("\r?\n", -1);
    for (int i = 0; i < lines.length; i++) {
      Entry entry = parseLine(i + 1, lines[i].strip());
      if (entry != null) {
        entries.add(entry);
      }
    }
    return new KnownHosts(List.copyOf(entries));
  }

  private static Entry parseLine(int lineNumber, String line) {
    if (line.isEmpty() || line.startsWith("#")) {
      return null;
    }
    String[] fields = line.split("\\s+");
    int first = 0;
    String marker = null;
    if (fields[0].startsWith("@")) {
      marker = fields[0];
      first = 1;
    }
    if (fields.length < first + 3 || !isBase64(fields[first + 2])) {
      return null;
    }
    return new Entry(lineNumber, marker, fields[first], fields[first + 1], fields[first + 2]);
  }

  private static boolean isBase64(String text) {
    try {
      Base64.getDecoder().decode(text);
      return true;
    } catch (IllegalArgumentException e) {
      return false;
    }
  }

  /** The name a host is listed under: {@code host} on port 22, else {@code [host]:port}. */
  static String hostName(String host, int port) {
    String lower = host.toLowerCase(Locale.ROOT);
    return port == SshTarget.DEFAULT_PORT ? lower : "[" + lower + "]:" + port;
  }

  /** A line that lists {@code blob} for {@code hostName}, as {@code ssh-keyscan} prints it. */
  static String line(String hostName, String keyType, byte[] blob) {
    return hostName + " " + keyType + " " + Base64.getEncoder().encodeToString(blob);
  }

  /** The entries whose host part matches {@code hostName} (from {@link #hostName}). */
  List<Entry> entriesFor(String hostName) {
    return entries.stream().filter(entry -> entry.matches(hostName)).toList();
  }

  private static boolean hashedMatches(String hashed, String hostName) {
    String[] parts = hashed.substring(HASH_MAGIC.length()).split("\\|");
    if (parts.length != 2) {
      return false;
    }
    try {
      byte[] salt = Base64.getDecoder().decode(parts[0]);
      byte[] expected = Base64.getDecoder().decode(parts[1]);
      Mac hmac = Mac.getInstance("HmacSHA1");
      hmac.init(new SecretKeySpec(salt, "HmacSHA1"));
      byte[] actual = hmac.doFinal(hostName.getBytes(StandardCharsets.UTF_8));
      return MessageDigest.isEqual(expected, actual);
    } catch (IllegalArgumentException e) {
      return false; // not base64: a damaged line, which matches nothing
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("every Java runtime provides HmacSHA1", e);
    }
  }
}
