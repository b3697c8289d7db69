package io.examlops.fleet.jenkins;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/** The release archive {@code mvn package} made (target/hpc-fleet-*-release.tar.gz), unpacked. */
final class Release {
  private Release() {}

  /** The archive; fails when {@code mvn package} has not made it. */
  static Path archive() throws IOException {
    try (Stream<Path> files = Files.list(Path.of("target"))) {
      return files
          .filter(f -> f.getFileName().toString().matches("hpc-fleet-.*-release\\.tar\\.gz"))
          .findFirst()
          .orElseThrow(
              () ->
                  new AssertionError(
                      "no target/hpc-fleet-*-release.tar.gz: run mvn package (or verify) first"));
    }
  }

  /** Unpacks the archive into {@code dir} with tar, as a user would; returns its top directory. */
  static Path unpackInto(Path dir) throws IOException, InterruptedException {
    Process tar =
        new ProcessBuilder(
                "tar", "-xzf", archive().toAbsolutePath().toString(), "-C", dir.toString())
            .inheritIO()
            .start();
    if (!tar.waitFor(120, TimeUnit.SECONDS) || tar.exitValue() != 0) {
      throw new AssertionError("tar could not unpack " + archive());
    }
    try (Stream<Path> top = Files.list(dir)) {
      return top.filter(Files::isDirectory).findFirst().orElseThrow();
    }
  }
}
