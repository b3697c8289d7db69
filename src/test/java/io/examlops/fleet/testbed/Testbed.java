package io.examlops.fleet.testbed;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The real Slurm + OpenSSH testbed that scripts/test.sh brings up: sshd on 127.0.0.1:2222 with user
 * hpcuser (Slurm) and fluxuser (Flux answered from captures), a client key, a known_hosts file and
 * the host key's fingerprint in {@code testbed.dir}. Integration tests call {@link #require()},
 * which fails (never skips) when the testbed is not there.
 */
public final class Testbed {
  public static final String HOST = "127.0.0.1";
  public static final int PORT = 2222;
  public static final String USER = "hpcuser";

  /**
   * The SSH user of the test Flux cluster: its {@code flux} answers with real flux-core 0.88
   * captures (scripts/testbed/fake-flux.sh), since no Flux can run here.
   */
  public static final String FLUX_USER = "fluxuser";

  private final Path dir;

  private Testbed(Path dir) {
    this.dir = dir;
  }

  /** The testbed, or an assertion failure that says how to bring it up. */
  public static Testbed require() {
    String property = System.getProperty("testbed.dir");
    if (property == null || property.isBlank()) {
      throw new AssertionError(
          "system property testbed.dir is not set: run the integration tests through"
              + " `bash scripts/test.sh`, which brings up the Slurm + SSH testbed");
    }
    Path dir = Path.of(property);
    for (String file : new String[] {"id_ed25519", "known_hosts", "host_key.fingerprint"}) {
      if (!Files.isRegularFile(dir.resolve(file))) {
        throw new AssertionError(
            "testbed file "
                + dir.resolve(file)
                + " is missing: the testbed is not up (scripts/testbed/sshd-up.sh writes it)");
      }
    }
    return new Testbed(dir);
  }

  public Path key() {
    return dir.resolve("id_ed25519");
  }

  public Path knownHosts() {
    return dir.resolve("known_hosts");
  }

  public Path dir() {
    return dir;
  }

  /** The host key fingerprint as {@code ssh-keygen -lf} prints it. */
  public String hostKeyFingerprint() {
    try {
      return Files.readString(dir.resolve("host_key.fingerprint")).trim();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The CLI options that reach the testbed's Slurm user with its key and known_hosts. */
  public String[] sshOptions() {
    return sshOptions(USER, knownHosts());
  }

  /** The CLI options that reach the testbed's Flux user with its key and known_hosts. */
  public String[] fluxSshOptions() {
    return sshOptions(FLUX_USER, knownHosts());
  }

  /**
   * The CLI options that reach {@code user} with the testbed's key, checked against {@code
   * knownHosts}.
   */
  public String[] sshOptions(String user, Path knownHosts) {
    return new String[] {
      "--port", Integer.toString(PORT),
      "--user", user,
      "--key", key().toString(),
      "--known-hosts", knownHosts.toString()
    };
  }
}
