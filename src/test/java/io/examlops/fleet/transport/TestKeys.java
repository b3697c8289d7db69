package io.examlops.fleet.transport;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Client key files made at test time by the real ssh-keygen, in the formats users have. */
public final class TestKeys {
  private TestKeys() {}

  public enum Format {
    ED25519("-t", "ed25519"),
    RSA("-t", "rsa", "-b", "2048"),
    PEM_RSA("-t", "rsa", "-b", "2048", "-m", "PEM");

    private final List<String> arguments;

    Format(String... arguments) {
      this.arguments = List.of(arguments);
    }
  }

  /** Generates a key pair at {@code dir/name} (private) and {@code dir/name.pub}. */
  static Path generate(Path dir, String name, Format format, String passphrase) {
    Path key = dir.resolve(name);
    List<String> command = new ArrayList<>(List.of("ssh-keygen", "-q"));
    command.addAll(format.arguments);
    command.addAll(List.of("-N", passphrase, "-C", "test@" + name, "-f", key.toString()));
    run(command);
    return key;
  }

  public static Path generate(Path dir, String name, Format format) {
    return generate(dir, name, format, "");
  }

  /** What {@code ssh-keygen -lf FILE} prints as the fingerprint (second field). */
  static String sshKeygenFingerprint(Path publicKey) {
    return run(List.of("ssh-keygen", "-lf", publicKey.toString())).split(" ")[1];
  }

  static String run(List<String> command) {
    try {
      Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
      process.getOutputStream().close();
      String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (!process.waitFor(30, TimeUnit.SECONDS) || process.exitValue() != 0) {
        throw new IllegalStateException(command + " failed: " + output);
      }
      return output;
    } catch (IOException e) {
      throw new IllegalStateException(command + " could not run", e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  static String read(Path file) {
    try {
      return Files.readString(file);
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }
}
