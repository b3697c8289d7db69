package io.examlops.fleet.transport;

import com.jcraft.jsch.JSch;
import com.jcraft.jsch.JSchException;
import com.jcraft.jsch.KeyPair;
import io.examlops.fleet.model.OwnerOnly;
import io.examlops.fleet.settings.Secret;
import io.examlops.fleet.settings.Variables;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Arrays;
import java.util.List;
import java.util.Set;

/**
 * A private key file, checked the way OpenSSH checks it before use: it exists, can be read, holds a
 * private key, and is not accessible by group or others. Its content stays in memory only as long
 * as a connection needs it and is never logged.
 */
final class PrivateKeyFile {
  /** The only way to pass a key passphrase: an environment variable, never an argument. */
  static final String PASSPHRASE_VARIABLE = Variables.SSH_KEY_PASSPHRASE;

  private static final long MAX_KEY_FILE_BYTES = 1024 * 1024;
  private static final List<String> PRIVATE_KEY_HEADERS =
      List.of(
          "-----BEGIN OPENSSH PRIVATE KEY-----",
          "-----BEGIN RSA PRIVATE KEY-----",
          "-----BEGIN EC PRIVATE KEY-----",
          "-----BEGIN DSA PRIVATE KEY-----",
          "-----BEGIN PRIVATE KEY-----",
          "-----BEGIN ENCRYPTED PRIVATE KEY-----",
          "PuTTY-User-Key-File-");
  private static final List<String> PUBLIC_KEY_STARTS =
      List.of("ssh-", "ecdsa-sha2-", "sk-", "---- BEGIN SSH2 PUBLIC KEY", "-----BEGIN PUBLIC KEY");

  private final Path path;
  private final byte[] content;

  private PrivateKeyFile(Path path, byte[] content) {
    this.path = path;
    this.content = content;
  }

  /** Reads and checks a key file; every problem is a {@link KeyFileException} with its fix. */
  static PrivateKeyFile read(Path path) {
    if (!Files.exists(path)) {
      throw new KeyFileException(
          "SSH key file "
              + path
              + " does not exist; give the path of your private key (e.g. ~/.ssh/id_ed25519), or"
              + " create one with ssh-keygen -t ed25519");
    }
    if (!Files.isRegularFile(path)) {
      throw new KeyFileException(
          "SSH key "
              + path
              + " is not a regular file; give the path of"
              + " the private key file itself");
    }
    byte[] content = readContent(path);
    checkIsPrivateKey(path, content);
    checkPermissions(path);
    return new PrivateKeyFile(path, content);
  }

  Path path() {
    return path;
  }

  /** A copy of the file content, for a client that takes ownership of (and may wipe) it. */
  byte[] content() {
    return content.clone();
  }

  /**
   * What a client needs to use the key: its public half's fingerprint, and the passphrase (from
   * {@link #PASSPHRASE_VARIABLE}) when the key is protected by one. The caller wipes it.
   */
  record Unlocked(String keyType, String fingerprint, byte[] passphrase) {}

  /** Parses the key and checks that the passphrase, if the key needs one, unlocks it. */
  Unlocked unlock(JSch jsch, Secret secret) {
    KeyPair key = parse(jsch);
    try {
      byte[] passphrase = null;
      if (key.isEncrypted()) {
        passphrase = passphrase(secret);
        if (!key.decrypt(passphrase)) {
          Arrays.fill(passphrase, (byte) 0);
          throw new KeyFileException(
              "the passphrase in "
                  + PASSPHRASE_VARIABLE
                  + " does not unlock SSH key "
                  + path
                  + "; set it to this key's passphrase");
        }
      }
      return new Unlocked(
          key.getKeyTypeString(),
          KeyFingerprint.ofPublicKeyBlob(key.getPublicKeyBlob()),
          passphrase);
    } finally {
      key.dispose();
    }
  }

  private KeyPair parse(JSch jsch) {
    try {
      return KeyPair.load(jsch, content(), null);
    } catch (JSchException e) {
      // jsch's messages name only the problem ("invalid privatekey"), never key material.
      throw new KeyFileException(
          "SSH key file "
              + path
              + " cannot be read as a private key ("
              + e.getMessage()
              + "); use an OpenSSH (ed25519, ecdsa, rsa) or PEM RSA private key");
    }
  }

  private byte[] passphrase(Secret secret) {
    if (!secret.isSet()) {
      throw new KeyFileException(
          "SSH key "
              + path
              + " is protected by a passphrase; put the"
              + " passphrase in the environment variable "
              + PASSPHRASE_VARIABLE
              + " (it is never accepted as an argument)");
    }
    char[] value = secret.reveal();
    try {
      java.nio.ByteBuffer bytes = StandardCharsets.UTF_8.encode(java.nio.CharBuffer.wrap(value));
      byte[] passphrase = new byte[bytes.remaining()];
      bytes.get(passphrase);
      Arrays.fill(bytes.array(), (byte) 0);
      return passphrase;
    } finally {
      Arrays.fill(value, '\0');
    }
  }

  private static void checkPermissions(Path path) {
    PosixFileAttributeView view = Files.getFileAttributeView(path, PosixFileAttributeView.class);
    if (view == null) {
      return; // no POSIX permissions on this file system: nothing OpenSSH would check either
    }
    Set<PosixFilePermission> permissions;
    try {
      permissions = view.readAttributes().permissions();
    } catch (IOException e) {
      throw unreadable(path, e);
    }
    if (OwnerOnly.opensToOthers(permissions)) {
      throw new KeyFileException(
          "SSH key file "
              + path
              + " is accessible by others (permissions "
              + PosixFilePermissions.toString(permissions)
              + "); like OpenSSH (\"UNPROTECTED PRIVATE"
              + " KEY FILE\") this tool refuses it. Fix: chmod 600 "
              + path);
    }
  }

  private static byte[] readContent(Path path) {
    try {
      if (Files.size(path) > MAX_KEY_FILE_BYTES) {
        throw notAPrivateKey(path, "it is larger than any key file");
      }
      return Files.readAllBytes(path);
    } catch (IOException e) {
      throw unreadable(path, e);
    }
  }

  private static KeyFileException unreadable(Path path, IOException e) {
    String reason =
        e instanceof AccessDeniedException
            ? "permission denied"
            : e instanceof NoSuchFileException ? "it disappeared" : e.getClass().getSimpleName();
    return new KeyFileException(
        "SSH key file "
            + path
            + " cannot be read ("
            + reason
            + "); it must be readable by the user running this tool (chown it to that user,"
            + " chmod 600)");
  }

  private static void checkIsPrivateKey(Path path, byte[] content) {
    String start =
        new String(content, 0, Math.min(content.length, 64), StandardCharsets.US_ASCII)
            .stripLeading();
    if (PRIVATE_KEY_HEADERS.stream().anyMatch(start::startsWith)) {
      return;
    }
    if (PUBLIC_KEY_STARTS.stream().anyMatch(start::startsWith)) {
      throw notAPrivateKey(
          path,
          "it is a public key; give the private key file, usually the same" + " name without .pub");
    }
    throw notAPrivateKey(
        path, "it has no private key header such as -----BEGIN OPENSSH PRIVATE" + " KEY-----");
  }

  private static KeyFileException notAPrivateKey(Path path, String why) {
    return new KeyFileException("SSH key file " + path + " is not a private key: " + why);
  }
}
