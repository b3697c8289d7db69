package io.examlops.fleet.jobs;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** Reads the captured scheduler outputs under {@code src/test/resources/fixtures/jobs/}. */
public final class JobFixtures {
  private JobFixtures() {}

  /** {@code read("slurm/sbatch.plain.out")}, decoded as UTF-8 as the transports decode it. */
  public static String read(String path) {
    try (InputStream in = JobFixtures.class.getResourceAsStream("/fixtures/jobs/" + path)) {
      if (in == null) {
        throw new IllegalArgumentException("no fixture fixtures/jobs/" + path);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
