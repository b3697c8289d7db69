package io.examlops.fleet.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A private key pasted where a path (or any other value) is expected is refused by the real {@code
 * exa} without ever being shown: not on stderr, not in the --json error object, not in
 * clusters.yaml or platform.db. Keys come from the real ssh-keygen (OpenSSH and PEM formats).
 */
class KeyMaterialNeverEchoedTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  @TempDir Path home;
  private Map<String, String> env;

  @BeforeEach
  void isolatedRegistry() {
    env = new HashMap<>();
    env.put("HOME", home.toString());
    env.put("EXAMLOPS_HPC_REGISTRY", home.resolve("clusters.yaml").toString());
    env.put("EXAMLOPS_PLATFORM_DB", home.resolve("platform.db").toString());
  }

  /** Where the key goes: {@code KEY} in the arguments is replaced by it; or a variable's name. */
  static Stream<Arguments> places() {
    return Stream.of(
        Arguments.of(
            "openssh", "--key", List.of("hpc", "detect", "127.0.0.1", "--key", "KEY"), null),
        Arguments.of(
            "openssh",
            "--key",
            List.of("hpc", "connect", "127.0.0.1", "--name", "x", "--key=KEY"),
            null),
        Arguments.of("pem", "--key", List.of("hpc", "nodes", "--host", "h1", "--key", "KEY"), null),
        Arguments.of(
            "openssh",
            "EXAMLOPS_HPC_SSH_KEY",
            List.of("hpc", "detect", "127.0.0.1"),
            "EXAMLOPS_HPC_SSH_KEY"),
        Arguments.of(
            "pem", "EXAMLOPS_HPC_SSH_KEY", List.of("hpc", "clusters"), "EXAMLOPS_HPC_SSH_KEY"),
        Arguments.of(
            "openssh",
            "--known-hosts",
            List.of("hpc", "detect", "h1", "--known-hosts", "KEY"),
            null),
        Arguments.of("openssh", "command-line argument", List.of("hpc", "detect", "KEY"), null),
        Arguments.of("pem", "--reason", List.of("hpc", "reject", "x", "--reason", "KEY"), null),
        Arguments.of(
            "openssh", "EXAMLOPS_HPC_SSH_HOST", List.of("hpc", "detect"), "EXAMLOPS_HPC_SSH_HOST"),
        Arguments.of("openssh", "EXAMLOPS_ACTOR", List.of("hpc", "approve", "x"), "EXAMLOPS_ACTOR"),
        Arguments.of("body", "--key", List.of("hpc", "detect", "127.0.0.1", "--key", "KEY"), null));
  }

  @ParameterizedTest(name = "{0} key as {1}")
  @MethodSource("places")
  void isRefusedNamingWhereItCameFromWithoutShowingIt(
      String format, String named, List<String> args, String variable) throws Exception {
    String key = key(format);
    Map<String, String> withKey = new HashMap<>(env);
    if (variable != null) {
      withKey.put(variable, key);
    }
    for (boolean json : new boolean[] {false, true}) {
      List<String> line = new ArrayList<>();
      if (json) {
        line.add("--json");
      }
      args.forEach(a -> line.add(a.replace("KEY", key)));

      ExaProcess.Result run = ExaProcess.with(withKey).run(line.toArray(String[]::new));

      assertThat(run.exitCode()).as(run.all()).isEqualTo(ExitCode.USAGE);
      assertThat(run.err())
          .contains(named)
          .containsIgnoringCase("a path to the key file is expected");
      assertNoPartOf(key, run.all());
      if (json) {
        JsonNode error = JSON.readTree(run.out()).get("error");
        assertThat(error.get("kind").asText()).isEqualTo("invalid-argument");
        assertThat(error.get("message").asText()).contains(named).contains("not shown");
      }
    }
    assertThat(home.resolve("clusters.yaml")).doesNotExist();
    assertThat(home.resolve("platform.db")).doesNotExist();
  }

  @ParameterizedTest(name = "a {0}-line value as --key")
  @MethodSource("notPaths")
  void aValueThatIsNoPathIsRefusedWithoutBeingShown(String what, String value) throws Exception {
    ExaProcess.Result run =
        ExaProcess.with(env).run("--json", "hpc", "detect", "127.0.0.1", "--key", value);

    assertThat(run.exitCode()).as(run.all()).isEqualTo(ExitCode.USAGE);
    assertThat(run.err())
        .contains("--key")
        .containsIgnoringCase("a path to the key file is expected");
    assertThat(run.all()).doesNotContain("secret-line-2").doesNotContain("x".repeat(100));
  }

  static Stream<Arguments> notPaths() {
    return Stream.of(
        Arguments.of("multi", "/home/a/id\nsecret-line-2\nsecret-line-3"),
        Arguments.of("huge", "/" + "x".repeat(10_000)));
  }

  /** Every line of the key, and every 16-character piece of its body, is absent. */
  private static void assertNoPartOf(String key, String output) {
    for (String keyLine : key.split("\n")) {
      String body = keyLine.strip();
      if (body.startsWith("-----")) {
        assertThat(output).doesNotContain(body);
        continue;
      }
      for (int i = 0; i + 16 <= body.length(); i += 16) {
        assertThat(output).doesNotContain(body.substring(i, i + 16));
      }
    }
  }

  private String key(String format) throws Exception {
    Path file = home.resolve("id-" + format);
    if (!Files.exists(file)) {
      List<String> command =
          new ArrayList<>(List.of("ssh-keygen", "-q", "-N", "", "-f", file.toString()));
      command.addAll(
          format.equals("pem")
              ? List.of("-t", "rsa", "-b", "2048", "-m", "PEM")
              : List.of("-t", "ed25519"));
      Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
      p.getOutputStream().close();
      p.getInputStream().readAllBytes();
      assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
      assertThat(p.exitValue()).isZero();
    }
    String text = Files.readString(file).strip();
    if (format.equals("body")) {
      // Pasted without its BEGIN/END lines.
      List<String> lines = new ArrayList<>(List.of(text.split("\n")));
      return String.join("\n", lines.subList(1, lines.size() - 1));
    }
    return text;
  }
}
