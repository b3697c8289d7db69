package io.examlops.fleet.transport;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;

/**
 * What a request to a cluster's HTTP API proves itself with: a token the site issued, or the key
 * tokens are signed with (then the caller mints one per user it acts for). Only the file's path is
 * kept: the secret is read at each use, never stored, logged or put on a command line.
 *
 * @param kind a token, or a signing key
 * @param file where it is, on the machine that sends the requests
 */
public record ApiCredential(Kind kind, Path file) {

  /** How the file's content is used. */
  public enum Kind {
    /** A token, sent as it is: every request acts as the user it was issued to. */
    TOKEN,
    /** The tokens' signing key: holding it is acting as any user of the cluster. */
    SIGNING_KEY
  }

  public ApiCredential {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(file, "file");
  }

  /** The file's bytes (a token's without surrounding white space). */
  public byte[] read(String target) {
    byte[] bytes;
    try {
      bytes = Files.readAllBytes(file);
    } catch (IOException e) {
      throw new TransportException(
          target,
          TransportException.Step.AUTHENTICATION,
          "cannot read the "
              + words()
              + " "
              + file
              + " ("
              + e.getClass().getSimpleName().replace("Exception", "")
              + "): check the path and that this user may read it");
    }
    if (kind == Kind.TOKEN) {
      bytes = new String(bytes, StandardCharsets.UTF_8).strip().getBytes(StandardCharsets.UTF_8);
    }
    if (bytes.length == 0) {
      throw new TransportException(
          target,
          TransportException.Step.AUTHENTICATION,
          "the " + words() + " " + file + " is empty");
    }
    return bytes;
  }

  /** The SHA256 fingerprint of the file's content, as approval pins it. */
  public String fingerprint(String target) {
    return KeyFingerprint.ofBytes(read(target));
  }

  /** {@code token file} or {@code signing key file}, for messages. */
  public String words() {
    return kind == Kind.TOKEN ? "token file" : "signing key file";
  }
}
