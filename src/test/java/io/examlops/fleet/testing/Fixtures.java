package io.examlops.fleet.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * The one reader of the captured outputs under {@code src/test/resources/fixtures/}, one root per
 * scheduler: {@code slurm/}, {@code flux/}, {@code nvidia/}. Within a root, what the probe reads
 * lies at the top (or in folders named after the command, for Flux), and {@code jobs/}, {@code
 * preflight/}, {@code hostlist/} hold the captures of those features; each folder's README.md says
 * where every file comes from. Helpers that cut a capture into parts (Flux's live captures, the
 * nvidia exporter's multi-command files) read through here.
 */
public final class Fixtures {
  private Fixtures() {}

  /** {@code slurm("jobs/sbatch.plain.out")}: a capture under {@code fixtures/slurm/}. */
  public static String slurm(String path) {
    return read("slurm/" + path);
  }

  /** {@code flux("resource-R/resource-R.json")}: a capture under {@code fixtures/flux/}. */
  public static String flux(String path) {
    return read("flux/" + path);
  }

  /** {@code nvidia("telegraf/a10g.xml")}: a capture under {@code fixtures/nvidia/}. */
  public static String nvidia(String path) {
    return read("nvidia/" + path);
  }

  /** The file, decoded as UTF-8 as the transports decode what a command printed. */
  private static String read(String path) {
    String resource = "/fixtures/" + path;
    try (InputStream in = Fixtures.class.getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalArgumentException("no fixture " + resource.substring(1));
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
