package io.examlops.fleet.transport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.examlops.fleet.settings.Secret;
import io.examlops.fleet.transport.TestKeys.Format;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class KeyFingerprintTest {
  /** No passphrase in the settings. */
  private static final Secret NO_PASSPHRASE = Secret.NONE;

  @TempDir Path dir;

  @Test
  void matchesSshKeygenForEveryKeyFormat() {
    for (Format format : Format.values()) {
      Path key = TestKeys.generate(dir, "id_" + format, format);
      assertThat(KeyFingerprint.of(key, NO_PASSPHRASE))
          .as(format.name())
          .isEqualTo(TestKeys.sshKeygenFingerprint(Path.of(key + ".pub")));
    }
  }

  @Test
  void passphraseProtectedKeyIsUnlockedFromTheEnvironment() {
    Path key = TestKeys.generate(dir, "id_pem_locked", Format.PEM_RSA, "s3cret phrase");
    assertThat(KeyFingerprint.of(key, Secret.of("s3cret phrase")))
        .isEqualTo(TestKeys.sshKeygenFingerprint(Path.of(key + ".pub")));
    assertThatThrownBy(() -> KeyFingerprint.of(key, Secret.NONE))
        .isInstanceOf(KeyFileException.class)
        .hasMessageContaining("EXAMLOPS_HPC_SSH_KEY_PASSPHRASE");
  }

  @Test
  void refusesWhatIsNotAUsablePrivateKeyFile() throws Exception {
    Path notAKey = Files.writeString(dir.resolve("notes.txt"), "hello\n");
    Files.setPosixFilePermissions(notAKey, PosixFilePermissions.fromString("rw-------"));
    assertThatThrownBy(() -> KeyFingerprint.of(notAKey, NO_PASSPHRASE))
        .isInstanceOf(KeyFileException.class)
        .hasMessageContaining("not a private key");

    Path damaged =
        Files.writeString(
            dir.resolve("damaged"),
            "-----BEGIN OPENSSH PRIVATE KEY-----\nAAAA\n-----END OPENSSH PRIVATE KEY-----\n");
    Files.setPosixFilePermissions(damaged, PosixFilePermissions.fromString("rw-------"));
    assertThatThrownBy(() -> KeyFingerprint.of(damaged, NO_PASSPHRASE))
        .isInstanceOf(KeyFileException.class)
        .hasMessageContaining("cannot be read as a private key");

    assertThatThrownBy(() -> KeyFingerprint.of(dir, NO_PASSPHRASE))
        .isInstanceOf(KeyFileException.class)
        .hasMessageContaining("not a regular file");
  }

  @Test
  void groupReadableKeyIsRefused() throws Exception {
    Path key = TestKeys.generate(dir, "id_group", Format.ED25519);
    Files.setPosixFilePermissions(key, PosixFilePermissions.fromString("rw-r-----"));
    assertThatThrownBy(() -> KeyFingerprint.of(key, NO_PASSPHRASE))
        .isInstanceOf(KeyFileException.class)
        .hasMessageContaining("chmod 600 " + key)
        .hasMessageNotContaining("PRIVATE KEY-----");
  }

  @Test
  void blobFingerprintIsUnpaddedBase64OfSha256() {
    // SHA-256 of the empty input, base64 without the trailing '='.
    assertThat(KeyFingerprint.ofPublicKeyBlob(new byte[0]))
        .isEqualTo("SHA256:47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU");
  }
}
