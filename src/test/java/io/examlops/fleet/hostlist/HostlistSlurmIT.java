package io.examlops.fleet.hostlist;

import static org.assertj.core.api.Assertions.assertThat;

import io.examlops.fleet.hostlist.Hostlist.Dialect;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Compares Hostlist with Slurm's own hostlist code, run as {@code scontrol show hostnames EXPR} and
 * {@code scontrol show hostlist LIST} on this machine. Needs Slurm's client tools and a slurm.conf
 * (/etc/slurm/slurm.conf, or SLURM_CONF), no running daemon. Fails, never skips, without them.
 *
 * <p>Expressions stay within what every Slurm since 22.05 reads alike: no suffix after the last
 * bracket (23.02.5+), no range over 65536 hosts, no number beyond 2^64-1.
 */
class HostlistSlurmIT {
  private static final List<String> EXPRESSIONS =
      List.of(
          "node[0-3,7]",
          "node[001-003,010]",
          "node[005,4,11-13]",
          "node[01-3]",
          "node[1-03]",
          "node[9-11]",
          "node[09-11]",
          "node[098-101]",
          "node[98-101]",
          "[00-02]",
          "[00-2]",
          "foo[1,1,2,1]",
          "foox,fooy,fooz",
          "node[1-3],gpu[1-2],node[1-3]",
          "node",
          "a,,b node1\tnode2",
          "node[1-3],",
          ",node1",
          "rank[0-2]",
          "NODE[1-2],node[1-2]",
          "rack[1-2]-node[1-2]",
          "rack[1-2]-node[01-2]",
          "r[1,3]n[01-2,5]",
          "node[1-3]x[1-2]",
          "node[1-3][1-2]",
          "a[1-2]b[3-4]c[5-6]",
          "a[1-2]b[1-2]c[1-2]d[1-2]",
          "x[1-2]y[1-2],z",
          // Expanding a range that ends at 2^64-1 crashes scontrol 22.05 (its loop counter wraps),
          // also when Slurm itself merges node[...614],node[...615] into one; that id alone does
          // not.
          "node[18446744073709551610-18446744073709551614]",
          "node[18446744073709551615]",
          "n[0000000000000000000000009-0000000000000000000000011]",
          "node[00001-05000]");

  /** Without a config scontrol retries for 60 s per call before failing; fail at once instead. */
  @BeforeAll
  static void slurmConfigExists() {
    String env = System.getenv("SLURM_CONF");
    Path config = Path.of(env == null || env.isBlank() ? "/etc/slurm/slurm.conf" : env);
    assertThat(Files.isRegularFile(config))
        .as(
            "scontrol needs a slurm.conf; %s does not exist (the testbed's slurm-up.sh writes"
                + " /etc/slurm/slurm.conf, or point SLURM_CONF at one)",
            config)
        .isTrue();
  }

  @Test
  void expandsLikeScontrolShowHostnames() {
    for (String expression : EXPRESSIONS) {
      assertExpandsLikeSlurm(expression);
    }
  }

  @Test
  void expandsGeneratedExpressionsLikeScontrol() {
    Random random = new Random(2305L);
    for (int round = 0; round < 300; round++) {
      assertExpandsLikeSlurm(HostGenerator.expression(random, false));
    }
  }

  @Test
  void compressesLikeScontrolShowHostlist() {
    for (String expression : EXPRESSIONS) {
      List<String> hosts = Hostlist.expand(expression, Dialect.SLURM);
      assertCompressesLikeSlurm(hosts);
    }
  }

  @Test
  void compressesGeneratedListsLikeScontrol() {
    Random random = new Random(2211L);
    for (int round = 0; round < 300; round++) {
      assertCompressesLikeSlurm(HostGenerator.hosts(random, 1 + random.nextInt(80), false));
    }
  }

  private static void assertExpandsLikeSlurm(String expression) {
    List<String> slurm = lines(scontrol("hostnames", expression));
    assertThat(Hostlist.expand(expression, Dialect.SLURM))
        .as("scontrol show hostnames '%s'", expression)
        .containsExactlyElementsOf(slurm);
  }

  /** Slurm is handed the plain names, so that it compresses them host by host as we do. */
  private static void assertCompressesLikeSlurm(List<String> hosts) {
    String list = String.join(",", hosts);
    assertThat(Hostlist.compress(hosts))
        .as("scontrol show hostlist '%s'", list)
        .isEqualTo(scontrol("hostlist", list).strip());
  }

  private static List<String> lines(String stdout) {
    return stdout.isEmpty() ? List.of() : Arrays.asList(stdout.split("\n"));
  }

  /**
   * Runs scontrol and returns its stdout. scontrol exits 0 even for "Invalid hostlist", which it
   * prints on stderr, so anything on stderr is a failure too.
   */
  private static String scontrol(String what, String argument) {
    List<String> command = List.of("scontrol", "show", what, argument);
    try {
      Path stderr = Files.createTempFile("scontrol", ".stderr");
      try {
        Process process =
            new ProcessBuilder(command)
                .redirectError(stderr.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .start();
        String stdout = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
          process.destroyForcibly();
          throw new AssertionError(String.join(" ", command) + " did not finish in 60 s");
        }
        String errors = Files.readString(stderr, StandardCharsets.UTF_8);
        if (process.exitValue() != 0 || !errors.isBlank()) {
          throw new AssertionError(
              String.join(" ", command)
                  + " failed (exit "
                  + process.exitValue()
                  + "): "
                  + errors.strip()
                  + "\nThis test needs Slurm's scontrol and a slurm.conf (/etc/slurm/slurm.conf or"
                  + " SLURM_CONF); the testbed's slurm-up.sh writes one.");
        }
        return stdout;
      } finally {
        Files.deleteIfExists(stderr);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(
          "cannot run scontrol (is Slurm's client installed and on PATH?): " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError("interrupted while running " + command, e);
    }
  }
}
