package io.examlops.fleet.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The launcher logic of ./exa and a release's bin/exa ({@code scripts/exa-java.sh}) on the built
 * jar: the start-up archive is made on the first run, used silently afterwards, made again when the
 * jar changes, and never needed.
 */
class LauncherIT {
  private static final Path SCRIPT = Path.of("scripts/exa-java.sh").toAbsolutePath();

  @TempDir Path dir;

  private record Run(int exit, String out, String err) {}

  private Run launch(Path jar, Map<String, String> env, String... args) throws Exception {
    List<String> command = new ArrayList<>(List.of("bash", SCRIPT.toString(), jar.toString()));
    command.addAll(List.of(args));
    ProcessBuilder builder = new ProcessBuilder(command);
    builder.environment().put("HOME", dir.resolve("home").toString());
    builder.environment().put(UserCache.VARIABLE, dir.resolve("cache").toString());
    builder.environment().remove("EXA_JAVA_OPTS");
    builder.environment().remove("EXAMLOPS_CDS");
    builder.environment().putAll(env);
    Path out = dir.resolve("out");
    Path err = dir.resolve("err");
    builder.redirectOutput(out.toFile()).redirectError(err.toFile());
    Process p = builder.start();
    assertThat(p.waitFor(300, TimeUnit.SECONDS)).isTrue();
    return new Run(
        p.exitValue(),
        Files.readString(out, StandardCharsets.UTF_8),
        Files.readString(err, StandardCharsets.UTF_8));
  }

  private List<Path> archives() throws IOException {
    Path cds = dir.resolve("cache/cds");
    if (!Files.exists(cds)) {
      return List.of();
    }
    try (Stream<Path> files = Files.walk(cds)) {
      return files.filter(f -> f.getFileName().toString().endsWith(".jsa")).toList();
    }
  }

  private Path jarCopy() throws IOException {
    Path built = Path.of("target/exa.jar");
    assertThat(built).as("the packaged jar (mvn package)").isRegularFile();
    return Files.copy(built, dir.resolve("exa.jar"), StandardCopyOption.REPLACE_EXISTING);
  }

  @Test
  @Timeout(value = 600, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
  void archiveIsMadeOnceUsedSilentlyAndRemadeForANewJar() throws Exception {
    Path jar = jarCopy();

    Run first = launch(jar, Map.of(), "--version");
    assertThat(first.exit()).as(first.err()).isZero();
    assertThat(first.out()).isEqualTo("exa (HPC Fleet) 0.1.0\n");
    assertThat(first.err()).contains("preparing a start-up archive");
    List<Path> made = archives();
    assertThat(made).hasSize(1);
    FileTime madeAt = Files.getLastModifiedTime(made.get(0));

    Run second =
        launch(jar, Map.of("EXA_JAVA_OPTS", "-Xlog:class+load=info:stderr"), "hpc", "--help");
    assertThat(second.exit()).isZero();
    assertThat(second.out()).startsWith("Usage: exa hpc ");
    assertThat(second.err())
        .as("classes come from the archive")
        .contains("io.examlops.fleet.cli.Exa source: shared objects file")
        .as("picocli's Java 5 classes too (a dynamic archive refuses them)")
        .contains("picocli.CommandLine source: shared objects file")
        .doesNotContain("preparing");
    assertThat(archives()).containsExactlyElementsOf(made);
    assertThat(Files.getLastModifiedTime(made.get(0))).isEqualTo(madeAt);

    Files.setLastModifiedTime(jar, FileTime.from(Instant.now().plusSeconds(60)));
    Run rebuilt = launch(jar, Map.of(), "--version");
    assertThat(rebuilt.exit()).isZero();
    assertThat(rebuilt.out()).isEqualTo("exa (HPC Fleet) 0.1.0\n");
    assertThat(rebuilt.err()).contains("preparing a start-up archive");
    List<Path> remade = archives();
    assertThat(remade).as("the earlier build's archive is removed").hasSize(1);
    assertThat(remade).doesNotContainAnyElementsOf(made);
  }

  @Test
  @Timeout(value = 300, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
  void withoutAUsableCacheOrWhenTurnedOffTheJarStillRuns() throws Exception {
    Path jar = jarCopy();
    Run off = launch(jar, Map.of("EXAMLOPS_CDS", "off"), "--version");
    assertThat(off.exit()).isZero();
    assertThat(off.out()).isEqualTo("exa (HPC Fleet) 0.1.0\n");
    assertThat(off.err()).isEmpty();
    assertThat(archives()).isEmpty();

    Files.writeString(dir.resolve("not-a-dir"), "");
    Run unusable =
        launch(jar, Map.of(UserCache.VARIABLE, dir.resolve("not-a-dir").toString()), "--version");
    assertThat(unusable.exit()).as(unusable.err()).isZero();
    assertThat(unusable.out()).isEqualTo("exa (HPC Fleet) 0.1.0\n");
    assertThat(unusable.err()).isEmpty();
  }
}
