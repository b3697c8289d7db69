package io.examlops.fleet.transport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.examlops.fleet.testing.Eventually;
import io.examlops.fleet.transport.TransportException.Step;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LocalRunnerTest {
  private final LocalRunner runner = new LocalRunner(TransportOptions.DEFAULTS);

  @Test
  void returnsExitCodeStdoutAndStderrAsUtf8() {
    CommandResult result = runner.run("printf 'ƒ ✔\\n'; printf 'warn\\n' >&2; exit 4");

    assertThat(result.command()).isEqualTo("printf 'ƒ ✔\\n'; printf 'warn\\n' >&2; exit 4");
    assertThat(result.exitCode()).isEqualTo(4);
    assertThat(result.stdout()).isEqualTo("ƒ ✔\n");
    assertThat(result.stderr()).isEqualTo("warn\n");
    assertThat(result.truncated()).isFalse();
    assertThat(runner.commandsRun()).isEqualTo(1);
    assertThat(runner.target()).isEqualTo("local");
  }

  @Test
  void missingProgramIsANormalResultWithExitCode127() {
    CommandResult result = runner.run("no-such-program-xyz --version");
    assertThat(result.exitCode()).isEqualTo(127);
    assertThat(result.commandNotFound()).isTrue();
    assertThat(result.stderr()).contains("no-such-program-xyz");
  }

  @Test
  void stdinIsClosed() {
    assertThat(runner.run("cat; echo done").stdout()).isEqualTo("done\n");
  }

  @Test
  void stdinCarriesTheGivenBytesThenEndOfFile() {
    CommandResult result =
        runner.run("cat; echo end", "#!/bin/sh\necho 'ƒ'\n".getBytes(StandardCharsets.UTF_8));
    assertThat(result.stdout()).isEqualTo("#!/bin/sh\necho 'ƒ'\nend\n");
  }

  @Test
  void largeStdinDoesNotDeadlockWithACommandThatWritesBeforeReading() {
    // 4 MB in and out through 64 KB pipes: finishes only if writing stdin and reading stdout
    // happen at the same time.
    byte[] input = "x".repeat(4_000_000).getBytes(StandardCharsets.UTF_8);
    CommandResult result = runner.run("head -c 1000000 /dev/zero; wc -c", input);
    assertThat(result.exitCode()).isZero();
    assertThat(result.stdout()).hasSize(1_000_000 + "4000000\n".length()).endsWith("4000000\n");
  }

  @Test
  void aCommandThatIgnoresItsStdinStillEnds() {
    byte[] input = "y".repeat(1_000_000).getBytes(StandardCharsets.UTF_8);
    assertThat(runner.run("exit 5", input).exitCode()).isEqualTo(5);
  }

  @Test
  void timeoutKillsTheWholeProcessTree(@TempDir Path dir) throws Exception {
    LocalRunner quick =
        new LocalRunner(
            new TransportOptions(Duration.ofSeconds(1), Duration.ofMillis(300), 1 << 20));
    Path marker = dir.resolve("survived");
    TransportException e =
        catchThrowableOfType(
            TransportException.class,
            () -> quick.run("(sleep 1; touch " + marker + ") & sleep 30"));

    assertThat(e.step()).isEqualTo(Step.TIMEOUT);
    // ended by the 0.3 s timeout, not by the command, which would take 30 s
    assertThat(e.getMessage()).startsWith("local: timeout failed").contains("sleep 30", "0.3 s");
    // Every process that could still touch the marker names it in its command line (the shell,
    // the background subshell forked from it, touch): once none is left, it had its chance.
    Eventually.waitUntil(
        "no process naming " + marker + " is left", () -> !anyLiveProcessNaming(marker));
    assertThat(marker).as("the background child was killed too").doesNotExist();
  }

  /** Whether a process that has not ended (a zombie has no command line) names {@code file}. */
  private static boolean anyLiveProcessNaming(Path file) {
    String name = file.toString();
    return ProcessHandle.allProcesses()
        .filter(ProcessHandle::isAlive)
        .anyMatch(p -> p.info().commandLine().map(line -> line.contains(name)).orElse(false));
  }

  @Test
  void outputAboveTheCapKeepsTheHeadAndDrainsTheRest() {
    LocalRunner capped =
        new LocalRunner(new TransportOptions(Duration.ofSeconds(1), Duration.ofSeconds(20), 1000));
    // 4 MB through a 64 KB pipe: the command only finishes if the runner keeps reading.
    CommandResult result = capped.run("head -c 4000000 /dev/zero | tr '\\0' a; echo end >&2");

    assertThat(result.exitCode()).isZero();
    assertThat(result.stdout()).hasSize(1000).matches("a+");
    assertThat(result.stderr()).isEqualTo("end\n");
    assertThat(result.truncated()).isTrue();
  }

  @Test
  void aCharacterCutByTheCapIsDroppedNotMangled() {
    LocalRunner capped =
        new LocalRunner(new TransportOptions(Duration.ofSeconds(1), Duration.ofSeconds(20), 4));
    // "ab" then ✔ (3 bytes): the cap at 4 bytes cuts ✔ after its first byte.
    CommandResult result = capped.run("printf 'ab✔✔'");
    assertThat(result.stdout()).isEqualTo("ab");
    assertThat(result.truncated()).isTrue();
  }

  @Test
  void factoryGivesALocalRunner(@TempDir Path dir) throws Exception {
    Files.writeString(dir.resolve("f"), "x");
    try (CommandRunner local = Transports.local(TransportOptions.DEFAULTS)) {
      assertThat(local.run("cat " + ShellQuote.quote(dir.resolve("f").toString())).stdout())
          .isEqualTo("x");
    }
  }
}
