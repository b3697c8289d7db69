package io.examlops.fleet.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** picocli conventions: --help everywhere, meaningful exit codes, clear messages for bad input. */
class CommandLineTest {
  private static final Map<String, String> ENV = Map.of();

  @Test
  void everyCommandHasHelp() {
    List<List<String>> paths = new ArrayList<>();
    collect(
        CommandTree.complete(
            new Exa(ENV, java.time.Clock.systemUTC(), io.examlops.fleet.Fleet::of)),
        new ArrayList<>(),
        paths);
    assertThat(paths)
        .extracting(p -> String.join(" ", p))
        .contains("hpc detect", "hpc nodes", "hpc gpus");

    for (List<String> path : paths) {
      List<String> args = new ArrayList<>(path);
      args.add("--help");
      ExaRun run = ExaRun.run(ENV, args.toArray(String[]::new));
      assertThat(run.exitCode()).as(String.join(" ", args)).isZero();
      assertThat(run.out()).as(String.join(" ", args)).contains("Usage: exa");
    }
  }

  private static void collect(CommandLine line, List<String> prefix, List<List<String>> out) {
    out.add(List.copyOf(prefix));
    line.getSubcommands()
        .forEach(
            (name, sub) -> {
              if (!name.equals("help")) {
                List<String> next = new ArrayList<>(prefix);
                next.add(name);
                collect(sub, next, out);
              }
            });
  }

  @Test
  void aBadPortIsAUsageErrorThatSaysWhatAndWhere() {
    ExaRun run = ExaRun.run(ENV, "hpc", "detect", "login", "--port", "twenty-two");

    assertThat(run.exitCode()).isEqualTo(ExitCode.USAGE);
    assertThat(run.err()).contains("--port").contains("twenty-two");
  }

  @Test
  void anOutOfRangePortIsRefusedBeforeAnyConnection() {
    ExaRun run =
        ExaRun.run(
            ENV,
            "--json",
            "hpc",
            "detect",
            "login",
            "--port",
            "70000",
            "--key",
            "/nonexistent/key");

    assertThat(run.exitCode()).isEqualTo(ExitCode.USAGE);
    assertThat(run.err()).contains("between 1 and 65535").contains("70000");
    assertThat(run.out()).contains("\"kind\" : \"invalid-argument\"");
  }

  @Test
  void conflictingHostKeyPoliciesAreRefused() {
    ExaRun run =
        ExaRun.run(
            ENV,
            "hpc",
            "detect",
            "login",
            "--key",
            "/k",
            "--accept-new-host-key",
            "--insecure-no-host-key-check");

    assertThat(run.exitCode()).isEqualTo(ExitCode.USAGE);
    assertThat(run.err()).contains("at most one of");
  }

  @Test
  void aMissingKeyFileIsAClearErrorNamingThePath() {
    ExaRun run = ExaRun.run(ENV, "hpc", "detect", "127.0.0.1", "--key", "/nonexistent/id_ed25519");

    assertThat(run.exitCode()).isEqualTo(ExitCode.UNREACHABLE);
    assertThat(run.err()).contains("/nonexistent/id_ed25519");
  }

  @Test
  void anUnknownCommandIsAUsageError() {
    ExaRun run = ExaRun.run(ENV, "hpc", "frobnicate");

    assertThat(run.exitCode()).isEqualTo(ExitCode.USAGE);
    assertThat(run.err()).contains("frobnicate");
  }
}
