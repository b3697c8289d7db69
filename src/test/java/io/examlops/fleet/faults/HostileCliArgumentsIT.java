package io.examlops.fleet.faults;

import static org.assertj.core.api.Assertions.assertThat;

import io.examlops.fleet.cli.ExaProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the fresh hostile sweep of issue 19 found on the CLI, each run by the real {@code exa}: a
 * password file that is a FIFO (the read blocked for ever) or /dev/zero (a stack trace after
 * filling the heap), and control or bidirectional characters echoed raw by a job id or by picocli's
 * own usage errors.
 */
class HostileCliArgumentsIT {
  @TempDir Path root;
  private ExaProcess exa;

  @BeforeEach
  void stores() {
    exa =
        ExaProcess.onStores(root, root.resolve("clusters.yaml"), root.resolve("data/platform.db"));
  }

  @Test
  void aPasswordFileThatIsAFifoOrADeviceIsRefusedBeforeReading() throws Exception {
    Path fifo = root.resolve("fifo");
    assertThat(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor()).isZero();
    Path zero = root.resolve("zero");
    Files.createSymbolicLink(zero, Path.of("/dev/zero"));
    Path big = root.resolve("big");
    Files.write(big, new byte[1 << 20]);

    for (Path file : List.of(fifo, zero, big, root.resolve("missing"))) {
      ExaProcess.Result refused =
          exa.run("console", "user", "add", "eve", "--password-file", file.toString());

      assertThat(refused.exitCode()).as(file + ": " + refused.all()).isEqualTo(2);
      assertThat(refused.err())
          .as(file.toString())
          .contains("--password-file")
          .contains("nothing was read");
      assertThat(refused.all()).doesNotContain("Exception").doesNotContain("at io.examlops");
    }
  }

  @Test
  void controlAndBidiCharactersInArgumentsAreEscapedInErrors() throws Exception {
    // a UTF-8 locale, as a user's terminal has: the arguments reach exa as the characters given
    ExaProcess exa = this.exa.and("LANG", "C.UTF-8");
    for (String[] args :
        List.of(
            new String[] {"hpc", "cancel", "\u202eexa"},
            new String[] {"hpc", "nodes", "--state", "\u202e"},
            new String[] {"hpc", "capacity", "--range", "a\nb\u001b[2J"})) {
      ExaProcess.Result refused = exa.run(args);

      assertThat(refused.exitCode()).as(refused.all()).isNotZero();
      assertThat(refused.all())
          .as(String.join(" ", args))
          .doesNotContain("\u202e")
          .doesNotContain("\u001b")
          .contains("\\u");
      assertThat(refused.err().strip().lines()).as(refused.err()).hasSize(1);
    }
  }
}
