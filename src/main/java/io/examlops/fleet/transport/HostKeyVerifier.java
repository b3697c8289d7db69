package io.examlops.fleet.transport;

import com.jcraft.jsch.HostKey;
import com.jcraft.jsch.HostKeyRepository;
import com.jcraft.jsch.JSchException;
import com.jcraft.jsch.UserInfo;
import io.examlops.fleet.transport.HostKeyPolicy.Mode;
import io.examlops.fleet.transport.KnownHosts.Entry;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * Decides, under a {@link HostKeyPolicy}, whether the key a server presents is acceptable, and
 * remembers what it saw and why it refused, so the refusal can be explained. jsch consults it as
 * its host key repository, with StrictHostKeyChecking=yes: anything but OK ends the handshake.
 */
final class HostKeyVerifier implements HostKeyRepository {

  /** The host key a server presented. */
  record SeenKey(String type, String fingerprint) {}

  private final SshTarget target;
  private final HostKeyPolicy policy;
  private final Consumer<String> warnings;
  private final String hostName;
  private final KnownHosts knownHosts;
  private final boolean acceptsCertificates;
  private SeenKey seen;
  private String refusal;
  private boolean refusedUnknown;

  /**
   * @param label how errors name the host ({@code user@host:port}, and for a jump host which one)
   */
  HostKeyVerifier(SshTarget target, String label, HostKeyPolicy policy, Consumer<String> warnings) {
    this.target = target;
    this.policy = policy;
    this.warnings = warnings;
    this.hostName = KnownHosts.hostName(target.host(), target.port());
    try {
      this.knownHosts = KnownHosts.read(policy.knownHosts());
    } catch (IOException e) {
      throw new TransportException(
          label,
          TransportException.Step.HOST_KEY,
          "cannot read known_hosts file "
              + policy.knownHosts()
              + " ("
              + e.getMessage()
              + "); make it readable by the user running this tool",
          e);
    }
    List<Entry> entries = knownHosts.entriesFor(hostName);
    this.acceptsCertificates =
        (policy.mode() == Mode.STRICT || policy.mode() == Mode.ACCEPT_NEW)
            && entries.stream().anyMatch(Entry::isCertAuthority)
            && entries.stream().noneMatch(e -> e.marker() == null);
  }

  Optional<SeenKey> seen() {
    return Optional.ofNullable(seen);
  }

  /**
   * Whether a host certificate may be asked for: only where known_hosts is the trust (STRICT,
   * ACCEPT_NEW), names a certificate authority ({@code @cert-authority}) for this host and lists no
   * plain key of it (a listed key is preferred, as it can be recorded and pinned). jsch then checks
   * the certificate (its CA, validity, principals, revocation) against {@link #getHostKey()}; a
   * pinned host is held to its plain key.
   */
  boolean acceptsCertificates() {
    return acceptsCertificates;
  }

  /**
   * Says, once a connection was made with a host certificate, that it was and which CA line trusts
   * it: jsch checked it and hands back neither it nor the key it certifies, so no host key can be
   * recorded for this connection.
   */
  void certificateTaken() {
    warnings.accept(
        "note: "
            + target.hostAndPort()
            + " presented a host certificate, checked against the certificate authority of "
            + knownHosts.entriesFor(hostName).stream()
                .filter(Entry::isCertAuthority)
                .map(this::where)
                .collect(Collectors.joining(" or "))
            + "; the key it certifies is not known to this tool, so no host key is recorded");
  }

  /** Why the last presented key was refused, with the fix; empty if it was not. */
  Optional<String> refusal() {
    return Optional.ofNullable(refusal);
  }

  /** Whether the last key was refused for being unknown: trusting it on first use would help. */
  boolean refusedUnknownKey() {
    return refusedUnknown;
  }

  @Override
  public int check(String jschHostName, byte[] blob) {
    seen = new SeenKey(keyType(blob), KeyFingerprint.ofPublicKeyBlob(blob));
    refusal = null;
    refusedUnknown = false;
    List<Entry> entries = knownHosts.entriesFor(hostName);
    List<Entry> sameType =
        entries.stream()
            .filter(e -> e.marker() == null && e.keyType().equals(seen.type()))
            .toList();
    boolean listed = sameType.stream().anyMatch(e -> e.sameKey(blob));
    Optional<Entry> revoked =
        entries.stream().filter(e -> e.isRevoked() && e.sameKey(blob)).findFirst();

    if (policy.mode() == Mode.NONE) {
      warnings.accept(
          "WARNING: host key verification is OFF for "
              + target.hostAndPort()
              + " (host key policy NONE): accepting "
              + describe(seen)
              + " unchecked"
              + (!listed && !sameType.isEmpty()
                  ? ", although known_hosts lists a DIFFERENT key"
                  : "")
              + ". Anyone on the network path could impersonate this host.");
      return OK;
    }
    if (revoked.isPresent()) {
      return refuse(
          CHANGED,
          "the host key "
              + describe(seen)
              + " of "
              + target.hostAndPort()
              + " is marked @revoked in "
              + where(revoked.get())
              + "; it may be a stolen key."
              + " Ask the host's administrator for its current host key.");
    }
    if (!listed && !sameType.isEmpty()) {
      return refuse(CHANGED, changedMessage(sameType));
    }
    switch (policy.mode()) {
      case PINNED:
        return seen.fingerprint().equals(policy.pinnedFingerprint())
            ? OK
            : refuse(
                CHANGED,
                "the host key of "
                    + target.hostAndPort()
                    + " is "
                    + describe(seen)
                    + ", but the approved (pinned) key is "
                    + policy.pinnedFingerprint()
                    + ". Refused: this may be a man-in-the-middle attack. If the host's key was"
                    + " replaced on purpose (confirm with its administrator), approve the new"
                    + " fingerprint.");
      case ACCEPT_NEW:
        return listed ? OK : acceptNew(blob);
      default:
        if (listed) {
          return OK;
        }
        refusedUnknown = true;
        return refuse(NOT_INCLUDED, unknownMessage(entries));
    }
  }

  private int acceptNew(byte[] blob) {
    Path file = policy.knownHosts();
    try {
      append(file, KnownHosts.line(hostName, seen.type(), blob));
    } catch (IOException e) {
      return refuse(
          NOT_INCLUDED,
          "the new host key "
              + describe(seen)
              + " of "
              + target.hostAndPort()
              + " could not be recorded in "
              + file
              + " ("
              + e.getMessage()
              + "), and trust on first use without a record is no trust; make the file writable");
    }
    warnings.accept(
        "WARNING: trusting the new host key of "
            + target.hostAndPort()
            + " on first use: "
            + describe(seen)
            + "; added to "
            + file
            + ". Compare this fingerprint with the one the host's administrator publishes.");
    return OK;
  }

  private static void append(Path file, String line) throws IOException {
    Path parent = file.toAbsolutePath().getParent();
    if (!Files.isDirectory(parent)) {
      boolean posix = parent.getFileSystem().supportedFileAttributeViews().contains("posix");
      if (posix) {
        Files.createDirectories(
            parent,
            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
      } else {
        Files.createDirectories(parent);
      }
    }
    boolean endsWithNewline =
        !Files.exists(file) || Files.size(file) == 0 || lastByte(file) == '\n';
    Files.writeString(
        file,
        (endsWithNewline ? "" : "\n") + line + "\n",
        StandardCharsets.UTF_8,
        StandardOpenOption.CREATE,
        StandardOpenOption.APPEND);
  }

  private static int lastByte(Path file) throws IOException {
    try (var channel = Files.newByteChannel(file)) {
      ByteBuffer last = ByteBuffer.allocate(1);
      channel.position(channel.size() - 1).read(last);
      return last.get(0);
    }
  }

  private String changedMessage(List<Entry> sameType) {
    String old =
        sameType.stream()
            .map(e -> e.fingerprint() + " (" + where(e) + ")")
            .collect(Collectors.joining(", "));
    return "WARNING: THE HOST KEY OF "
        + target.hostAndPort()
        + " HAS CHANGED. known_hosts has "
        + seen.type()
        + " "
        + old
        + ", the server presented "
        + seen.fingerprint()
        + ". This"
        + " may be a man-in-the-middle attack, or the host was reinstalled; it is refused under"
        + " every host key policy. If the host's administrator confirms the new key, remove the"
        + " old entry (ssh-keygen -R '"
        + hostName
        + "' -f "
        + policy.knownHosts()
        + ") and add the new one.";
  }

  private String unknownMessage(List<Entry> entries) {
    String otherTypes =
        entries.stream()
            .filter(e -> e.marker() == null)
            .map(Entry::keyType)
            .distinct()
            .collect(Collectors.joining(", "));
    return "the host key of "
        + target.hostAndPort()
        + " is not in "
        + policy.knownHosts()
        + ": "
        + describe(seen)
        + "."
        + (otherTypes.isEmpty()
            ? ""
            : " (known_hosts lists only other key types for this host: " + otherTypes + ".)")
        + certificateAuthorityNote(entries)
        + " Check the fingerprint with the host's administrator (on the host: ssh-keygen -lf"
        + " /etc/ssh/ssh_host_"
        + keyscanType(seen.type())
        + "_key.pub), then add it with `"
        + keyscanCommand()
        + " >> "
        + policy.knownHosts()
        + "`, or trust it on first use (accept a new host key).";
  }

  /**
   * A host known_hosts trusts through a certificate authority that presented a plain key: its sshd
   * offers no certificate, or known_hosts also lists plain keys of it, which are used instead.
   */
  private String certificateAuthorityNote(List<Entry> entries) {
    return entries.stream()
        .filter(Entry::isCertAuthority)
        .findFirst()
        .map(
            ca ->
                " known_hosts line "
                    + ca.lineNumber()
                    + " trusts a certificate authority (@cert-authority) for this host, but"
                    + (acceptsCertificates()
                        ? " the host presented a plain key, not a certificate (its sshd has no"
                            + " HostCertificate)."
                        : " known_hosts also lists plain keys of this host, which are used rather"
                            + " than a certificate.")
                    + " List this plain key too.")
        .orElse("");
  }

  private String keyscanCommand() {
    return "ssh-keyscan"
        + (target.port() == SshTarget.DEFAULT_PORT ? "" : " -p " + target.port())
        + " -t "
        + keyscanType(seen.type())
        + " "
        + target.host();
  }

  /** The -t name ssh-keyscan uses for a key type: ed25519, rsa, ecdsa, dsa. */
  private static String keyscanType(String keyType) {
    if (keyType.startsWith("ecdsa-")) {
      return "ecdsa";
    }
    return keyType.replaceFirst("^ssh-", "").replace("dss", "dsa");
  }

  private String where(Entry entry) {
    return policy.knownHosts() + " line " + entry.lineNumber();
  }

  private static String describe(SeenKey key) {
    return key.type() + " key " + key.fingerprint();
  }

  private int refuse(int verdict, String message) {
    refusal = message;
    return verdict;
  }

  /** The key type is the first string of the SSH wire-format blob. */
  private static String keyType(byte[] blob) {
    ByteBuffer buffer = ByteBuffer.wrap(blob);
    int length = buffer.getInt();
    return new String(blob, 4, length, StandardCharsets.US_ASCII);
  }

  @Override
  public HostKey[] getHostKey(String host, String type) {
    // jsch asks for the listed keys to offer their types first in the key exchange, as OpenSSH
    // does. This repository serves one connection, so its host is the only one; marked lines
    // (@revoked, @cert-authority) are not keys the host may use.
    List<HostKey> keys = new ArrayList<>();
    for (Entry entry : knownHosts.entriesFor(hostName)) {
      if (entry.marker() == null && (type == null || entry.keyType().equals(type))) {
        try {
          keys.add(
              new HostKey(hostName, HostKey.GUESS, Base64.getDecoder().decode(entry.keyBase64())));
        } catch (JSchException e) {
          // a key type jsch cannot use (e.g. sk-ssh-ed25519): nothing to prefer
        }
      }
    }
    return keys.toArray(new HostKey[0]);
  }

  /**
   * The keys listed for the host and, where a certificate may be asked for, the certificate
   * authorities and revoked keys known_hosts marks for it: what jsch checks a host certificate
   * against. Each is named by this connection's host, for which this tool's own matching (hashed
   * names, patterns, negations) found it.
   */
  @Override
  public HostKey[] getHostKey() {
    List<HostKey> keys = new ArrayList<>(List.of(getHostKey(null, null)));
    if (acceptsCertificates()) {
      for (Entry entry : knownHosts.entriesFor(hostName)) {
        if (entry.marker() != null) {
          try {
            keys.add(
                new HostKey(
                    entry.marker(),
                    hostName,
                    HostKey.GUESS,
                    Base64.getDecoder().decode(entry.keyBase64()),
                    null));
          } catch (JSchException e) {
            // a key type jsch cannot use: it neither signs nor revokes a certificate jsch reads
          }
        }
      }
    }
    return keys.toArray(new HostKey[0]);
  }

  @Override
  public String getKnownHostsRepositoryID() {
    return policy.knownHosts().toString();
  }

  // jsch adds or removes keys only under StrictHostKeyChecking=no or ask, which are never set:
  // the one write, ACCEPT_NEW's append, happens in check().

  @Override
  public void add(HostKey hostkey, UserInfo ui) {
    throw new UnsupportedOperationException("host keys are recorded only by ACCEPT_NEW");
  }

  @Override
  public void remove(String host, String type) {
    throw new UnsupportedOperationException("host keys are never removed by this tool");
  }

  @Override
  public void remove(String host, String type, byte[] key) {
    throw new UnsupportedOperationException("host keys are never removed by this tool");
  }
}
