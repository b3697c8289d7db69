package io.examlops.fleet.jenkins;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A build agent's {@code bin/exa}: this build's classes, in a process of its own per call, in an
 * installation whose {@code etc/agent.yaml} is the agent's configuration.
 */
final class AgentWithExa {
  private AgentWithExa() {}

  /** Writes {@code dir/bin/exa} and returns the PATH that finds it first. */
  static String install(Path dir) {
    Path exa = dir.resolve("bin/exa");
    try {
      Files.createDirectories(exa.getParent());
      Files.writeString(
          exa,
          "#!/bin/sh\nexec '"
              + Path.of(System.getProperty("java.home"), "bin", "java")
              + "' -XX:TieredStopAtLevel=1 -Xshare:auto -cp '"
              + System.getProperty("java.class.path")
              + "' -Dexamlops.install='"
              + dir
              + "' io.examlops.fleet.cli.Exa \"$@\"\n");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    exa.toFile().setExecutable(true);
    return dir.resolve("bin") + ":/usr/local/bin:/usr/bin:/bin";
  }

  /** Writes the installation's {@code etc/agent.yaml}: what the agent's administrator decided. */
  static void configure(Path dir, String agentYaml) {
    try {
      Files.createDirectories(dir.resolve("etc"));
      Files.writeString(dir.resolve("etc/agent.yaml"), agentYaml);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** An agent whose administrator allows its own registry: one person's Jenkins. */
  static final String LOCAL = "local: true\n";

  /** An agent that sends every command to the console at {@code address}. */
  static String central(String address, String tokenCredentialsId) {
    return "console: " + address + "\ntokenCredentialsId: " + tokenCredentialsId + "\n";
  }
}
