package io.examlops.fleet.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code exa completion bash|zsh}, sourced and exercised in a real bash. */
class CompletionTest {
  @TempDir Path dir;

  @Test
  void bashCompletesCommandsOptionsAndValues() throws Exception {
    Path script = dir.resolve("exa.bash");
    ExaRun generated = ExaRun.run(Map.of(), "completion", "bash");
    assertThat(generated.exitCode()).as(generated.err()).isZero();
    Files.writeString(script, generated.out());

    assertThat(bash(script, "complete -p exa"))
        .isEqualTo("complete -o default -F _complete_exa exa");
    assertThat(completions(script, "exa", "hpc", "sub")).isEqualTo("submit");
    assertThat(completions(script, "exa", "hp")).isEqualTo("hpc");
    assertThat(completions(script, "exa", "hpc", "submit", "--parti")).isEqualTo("--partition");
    assertThat(completions(script, "exa", "hpc", "jobs", "--nohe")).isEqualTo("--noheader");
    assertThat(completions(script, "exa", "completion", "")).isEqualTo("bash zsh");
  }

  @Test
  void zshGetsTheSameScriptWhichLoadsBashCompletionItself() {
    ExaRun zsh = ExaRun.run(Map.of(), "completion", "zsh");
    assertThat(zsh.exitCode()).isZero();
    assertThat(zsh.out())
        .isEqualTo(ExaRun.run(Map.of(), "completion", "bash").out())
        .contains("autoload -U +X bashcompinit && bashcompinit");
  }

  @Test
  void anotherShellIsAUsageErrorNamingTheChoices() {
    ExaRun fish = ExaRun.run(Map.of(), "completion", "fish");
    assertThat(fish.exitCode()).isEqualTo(ExitCode.USAGE);
    assertThat(fish.err()).contains("fish").contains("bash, zsh");
  }

  /** What bash offers for the last word, as TAB would: the function called as bash calls it. */
  private static String completions(Path script, String... words) throws Exception {
    StringBuilder array = new StringBuilder();
    for (String word : words) {
      array.append(" '").append(word).append("'");
    }
    String line = String.join(" ", words);
    return bash(
        script,
        "COMP_WORDS=("
            + array
            + "); COMP_CWORD="
            + (words.length - 1)
            + "; COMP_LINE='"
            + line
            + "'; COMP_POINT=${#COMP_LINE}; _complete_exa 2>/dev/null; echo \"${COMPREPLY[*]}\"");
  }

  private static String bash(Path script, String command) throws Exception {
    Process bash =
        new ProcessBuilder("bash", "--norc", "-c", "source \"$0\" && " + command, script.toString())
            .redirectErrorStream(true)
            .start();
    assertThat(bash.waitFor(60, TimeUnit.SECONDS)).isTrue();
    return new String(bash.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
  }
}
