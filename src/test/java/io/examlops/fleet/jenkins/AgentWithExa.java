package io.examlops.fleet.jenkins;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** A build agent's {@code bin/exa}: this build's classes, in a process of its own per call. */
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
              + "' io.examlops.fleet.cli.Exa \"$@\"\n");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    exa.toFile().setExecutable(true);
    return dir.resolve("bin") + ":/usr/local/bin:/usr/bin:/bin";
  }
}
