package io.examlops.fleet.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.examlops.fleet.testing.JavaCommand;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * One real {@code exa} process of this build, with the JVM's own class-loading log: what it printed
 * and which classes it loaded, in order.
 */
final class ClassLoggedExa {
  /** What the process wrote on stdout and stderr, and the names of the classes it loaded. */
  record Run(String out, String err, List<String> classes) {}

  private ClassLoggedExa() {}

  /**
   * Runs {@code exa ARGS} with its files in {@code dir} and its environment (this one's) changed by
   * {@code environment}; fails unless it exits 0 within two minutes.
   */
  static Run run(
      Path dir, List<String> jvmOptions, Consumer<Map<String, String>> environment, String... args)
      throws Exception {
    Path log = dir.resolve("classes.log");
    List<String> options = new ArrayList<>(jvmOptions);
    options.addAll(List.of("-Xlog:disable", "-Xlog:class+load=info:file=" + log));
    ProcessBuilder builder = new ProcessBuilder(JavaCommand.of(Exa.class, options, List.of(args)));
    environment.accept(builder.environment());
    builder.redirectOutput(dir.resolve("out").toFile());
    builder.redirectError(dir.resolve("err").toFile());
    Process process = builder.start();
    assertThat(process.waitFor(120, TimeUnit.SECONDS)).isTrue();
    String err = Files.readString(dir.resolve("err"), StandardCharsets.UTF_8);
    assertThat(process.exitValue()).as(err).isZero();
    // a line: "[0.012s][info][class,load] java.lang.Object source: shared objects file"
    List<String> classes =
        Files.readAllLines(log, StandardCharsets.UTF_8).stream()
            .map(line -> line.replaceFirst("^(\\[[^]]*])+ *", "").split(" ", 2)[0])
            .toList();
    return new Run(Files.readString(dir.resolve("out"), StandardCharsets.UTF_8), err, classes);
  }
}
