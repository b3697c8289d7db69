package io.examlops.fleet.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The man pages the release archive holds (man/man1 of the repository): one per command, as the
 * command tree writes them now, and rendered by the real {@code man}.
 */
class ManPagesTest {
  private static final Path KEPT = Path.of("man/man1");

  @TempDir Path dir;

  @Test
  void theKeptPagesAreWhatTheCommandTreeSaysNow() throws Exception {
    List<Path> written = ManPages.write(dir);

    assertThat(names(KEPT))
        .as("man/man1 differs from the commands: run scripts/man-pages.sh and commit")
        .isEqualTo(names(dir));
    for (Path page : written) {
      assertThat(Files.readString(KEPT.resolve(page.getFileName())))
          .as(page.getFileName() + " is stale: run scripts/man-pages.sh and commit")
          .isEqualTo(Files.readString(page));
    }
    assertThat(names(dir)).contains("exa.1", "exa-hpc.1", "exa-hpc-submit.1", "exa-completion.1");
  }

  @Test
  void manRendersAPageWithItsOptionsAndNoWarning() throws Exception {
    Process man =
        new ProcessBuilder("man", "--warnings", "-l", KEPT.resolve("exa-hpc-submit.1").toString())
            .start();
    man.getOutputStream().close();
    String page = new String(man.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    String warnings = new String(man.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(man.waitFor(60, TimeUnit.SECONDS)).isTrue();

    assertThat(man.exitValue()).as(warnings).isZero();
    assertThat(warnings).isEmpty();
    assertThat(page)
        .contains("EXA-HPC-SUBMIT(1)")
        .contains("exa hpc submit")
        .contains("-G, --gpus=K")
        .contains("-J, --name=NAME")
        .contains("exa-hpc(1)");
  }

  @Test
  void roffControlCharactersInTextAreEscaped() {
    assertThat(ManPages.escape(".starts a request\n'so does this\\ and -x"))
        .isEqualTo("\\&.starts a request\n\\&'so does this\\e and \\-x");
  }

  private static List<String> names(Path directory) throws Exception {
    try (Stream<Path> files = Files.list(directory)) {
      return files.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }
}
