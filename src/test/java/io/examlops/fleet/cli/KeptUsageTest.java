package io.examlops.fleet.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code exa --help} printed from the texts kept in the jar: the same as picocli renders from the
 * command tree now, plain and in colour, and picocli's own rendering wherever a setting of picocli
 * could change it. Real {@code exa} processes, with the JVM's class-loading log telling which way
 * the usage was made.
 */
class KeptUsageTest {
  private static final Path KEPT = Path.of("src/main/resources/io/examlops/fleet/cli");

  /** Built for picocli's model of a command; never loaded when the kept text is printed. */
  private static final String MODEL = "picocli.CommandLine$Model$CommandSpec";

  @TempDir Path dir;

  private ClassLoggedExa.Run exa(List<String> jvmOptions, Map<String, String> env, String... args)
      throws Exception {
    return ClassLoggedExa.run(
        dir,
        jvmOptions,
        environment -> {
          environment.keySet().removeAll(List.of("NO_COLOR", "CLICOLOR", "CLICOLOR_FORCE"));
          environment.putAll(env);
        },
        args);
  }

  private static String kept(String name) throws Exception {
    return Files.readString(KEPT.resolve(name), StandardCharsets.UTF_8);
  }

  @Test
  void theKeptTextsAreWhatTheCommandTreeRendersNow() throws Exception {
    KeptUsage.write(dir);

    for (String name : List.of(KeptUsage.PLAIN, KeptUsage.COLOURED)) {
      assertThat(kept(name))
          .as(name + " is stale: run scripts/man-pages.sh and commit")
          .isEqualTo(Files.readString(dir.resolve(name), StandardCharsets.UTF_8));
    }
    assertThat(kept(KeptUsage.PLAIN))
        .startsWith("Usage: exa [-hV] [--json] [COMMAND]")
        .contains("  hpc ", "Exit codes:")
        .doesNotContain("\u001B[");
    assertThat(kept(KeptUsage.COLOURED)).contains("\u001B[1mexa\u001B[21m");
  }

  @Test
  @Timeout(value = 300, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
  void helpAloneIsTheKeptTextInPicocliColoursAndWithoutItsModel() throws Exception {
    ClassLoggedExa.Run plain = exa(List.of(), Map.of(), "--help");
    assertThat(plain.out()).isEqualTo(kept(KeptUsage.PLAIN));
    assertThat(plain.classes()).contains("io.examlops.fleet.cli.KeptUsage").doesNotContain(MODEL);

    assertThat(exa(List.of(), Map.of(), "-h").out()).isEqualTo(kept(KeptUsage.PLAIN));

    ClassLoggedExa.Run coloured = exa(List.of(), Map.of("CLICOLOR_FORCE", "1"), "--help");
    assertThat(coloured.out()).isEqualTo(kept(KeptUsage.COLOURED));
    assertThat(coloured.classes()).doesNotContain(MODEL);

    ClassLoggedExa.Run noColour =
        exa(List.of(), Map.of("CLICOLOR_FORCE", "1", "NO_COLOR", "1"), "--help");
    assertThat(noColour.out()).as("NO_COLOR wins, as in picocli").isEqualTo(kept(KeptUsage.PLAIN));
  }

  @Test
  @Timeout(value = 300, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
  void picocliRendersTheUsageWhereItsSettingsOrMoreArgumentsAreGiven() throws Exception {
    ClassLoggedExa.Run wide = exa(List.of("-Dpicocli.usage.width=120"), Map.of(), "--help");
    assertThat(wide.classes()).contains(MODEL);
    assertThat(wide.out()).startsWith("Usage: exa").isNotEqualTo(kept(KeptUsage.PLAIN));

    ClassLoggedExa.Run forced = exa(List.of("-Dpicocli.ansi=true"), Map.of(), "--help");
    assertThat(forced.classes()).contains(MODEL);
    assertThat(forced.out()).isEqualTo(kept(KeptUsage.COLOURED));

    ClassLoggedExa.Run withJson = exa(List.of(), Map.of(), "--json", "--help");
    assertThat(withJson.classes()).contains(MODEL);
    assertThat(withJson.out()).isEqualTo(kept(KeptUsage.PLAIN));
  }

  @Test
  @Timeout(value = 300, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
  void versionAloneIsPrintedWithoutTheModelAndAsPicocliPrintsIt() throws Exception {
    ClassLoggedExa.Run alone = exa(List.of(), Map.of(), "--version");
    assertThat(alone.classes()).doesNotContain(MODEL);
    assertThat(exa(List.of(), Map.of(), "-V").out()).isEqualTo(alone.out());

    ClassLoggedExa.Run throughPicocli = exa(List.of(), Map.of(), "--json", "--version");
    assertThat(throughPicocli.classes()).contains(MODEL);
    assertThat(alone.out()).isEqualTo(throughPicocli.out()).startsWith("exa (HPC Fleet) ");
  }
}
