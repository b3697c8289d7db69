package io.examlops.fleet.transport;

import com.jcraft.jsch.JSch;
import io.examlops.fleet.settings.Secret;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.Base64;

/**
 * SHA256 fingerprints in the form {@code ssh-keygen -lf} prints them ({@code SHA256:} and the
 * unpadded base64 of the SHA-256 of the public key blob), for the audit trail. Only the public half
 * of a key ever reaches a fingerprint.
 */
public final class KeyFingerprint {
  private KeyFingerprint() {}

  /**
   * The fingerprint of the public half of a private key file. A passphrase-protected key is
   * unlocked with {@code passphrase} (the settings' {@code EXAMLOPS_HPC_SSH_KEY_PASSPHRASE}).
   *
   * @throws KeyFileException when the file is missing, unreadable, not a private key, readable by
   *     others, or locked without a usable passphrase
   */
  public static String of(Path privateKey, Secret passphrase) {
    PrivateKeyFile.Unlocked unlocked =
        PrivateKeyFile.read(privateKey).unlock(new JSch(), passphrase);
    if (unlocked.passphrase() != null) {
      Arrays.fill(unlocked.passphrase(), (byte) 0);
    }
    return unlocked.fingerprint();
  }

  /** The fingerprint of an SSH wire-format public key blob. */
  public static String ofPublicKeyBlob(byte[] blob) {
    return ofBytes(blob);
  }

  /**
   * The same form for any bytes: a TLS certificate's DER encoding, a token or signing key file, so
   * that every pin the review shows reads alike.
   */
  public static String ofBytes(byte[] bytes) {
    try {
      byte[] digest = MessageDigest.getInstance("SHA-256").digest(bytes);
      return "SHA256:" + Base64.getEncoder().withoutPadding().encodeToString(digest);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java runtime provides SHA-256", e);
    }
  }
}
