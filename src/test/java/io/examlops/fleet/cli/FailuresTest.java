package io.examlops.fleet.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.examlops.fleet.model.ErrorKind;
import io.examlops.fleet.model.FleetException;
import io.examlops.fleet.model.Hint;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The CLI's table from the core's error kinds to its documented exit codes and JSON kinds. */
class FailuresTest {

  @Test
  void everyErrorKindHasAnExitCodeAndAJsonKind() {
    for (ErrorKind kind : ErrorKind.values()) {
      assertThat(Failures.reported(kind)).as(kind.name()).isNotNull();
    }
  }

  @Test
  void theJsonKindsAreTheDocumentedOnes() throws IOException {
    String cli = Files.readString(Path.of("docs", "cli.md"));
    Matcher list = Pattern.compile("`kind` is one of (.*?)\\.\\n", Pattern.DOTALL).matcher(cli);
    assertThat(list.find()).as("docs/cli.md lists the error kinds").isTrue();
    Set<String> documented = new TreeSet<>();
    Matcher kind = Pattern.compile("`([a-z:-]+)`").matcher(list.group(1));
    while (kind.find()) {
      documented.add(kind.group(1));
    }

    Set<String> reported =
        Arrays.stream(ErrorKind.values())
            .map(k -> Failures.reported(k).kind())
            .collect(Collectors.toCollection(TreeSet::new));

    assertThat(reported).isEqualTo(documented);
  }

  @Test
  void theExitCodesStayAsDocumented() {
    assertThat(Failures.reported(ErrorKind.INVALID_REQUEST).exitCode()).isEqualTo(2);
    assertThat(Failures.reported(ErrorKind.HOST_KEY_REFUSED).exitCode()).isEqualTo(3);
    assertThat(Failures.reported(ErrorKind.KEY_FILE).exitCode()).isEqualTo(3);
    assertThat(Failures.reported(ErrorKind.SCHEDULER_REFUSED).exitCode()).isEqualTo(4);
    assertThat(Failures.reported(ErrorKind.NOT_APPROVED).exitCode()).isEqualTo(5);
    assertThat(Failures.reported(ErrorKind.UNKNOWN_JOB).exitCode()).isEqualTo(6);
    assertThat(Failures.reported(ErrorKind.UNKNOWN_USER).exitCode()).isEqualTo(6);
    assertThat(Failures.reported(ErrorKind.STORE).exitCode()).isEqualTo(6);
    assertThat(Failures.reported(ErrorKind.CONFLICT).exitCode()).isEqualTo(1);
  }

  @Test
  void aMessageGetsTheOptionsOfItsFieldsAndTheCommandOfItsHint() {
    FleetException invalid =
        FleetException.invalid("choose at most one", "acceptNewHostKey", "noHostKeyCheck");
    FleetException refused =
        new FleetException(
            ErrorKind.NOT_APPROVED,
            "cluster 'lxp' is PENDING; an admin must approve it",
            Hint.of(Hint.Action.APPROVE, "lxp"));

    assertThat(Failures.message(invalid, command("hpc", "detect")))
        .isEqualTo("--accept-new-host-key, --insecure-no-host-key-check: choose at most one");
    assertThat(Failures.message(refused, command("hpc", "detect")))
        .isEqualTo("cluster 'lxp' is PENDING; an admin must approve it (exa hpc approve lxp)");
  }

  /** One field, each command's own option for it: logs follows, submit waits. */
  @Test
  void aFieldIsNamedByTheFailingCommandsOwnOption() {
    FleetException timeout =
        FleetException.invalid("the wait timeout must be 1 or more", "timeoutSeconds");

    assertThat(Failures.message(timeout, command("hpc", "logs"))).startsWith("--follow-timeout: ");
    assertThat(Failures.message(timeout, command("hpc", "submit"))).startsWith("--wait-timeout: ");
    assertThat(Failures.message(FleetException.invalid("bad", "keyPath"), command("hpc", "nodes")))
        .startsWith("--key: ");
    assertThat(Failures.message(FleetException.invalid("bad", "script"), command("hpc", "submit")))
        .startsWith("SCRIPT: ");
    FleetException revision = FleetException.invalid("not a cluster revision", "expected");
    assertThat(Failures.message(revision, command("hpc", "approve"))).startsWith("--expect: ");
    assertThat(Failures.message(revision, command("hpc", "reject"))).startsWith("--expect: ");
  }

  private static picocli.CommandLine.Model.CommandSpec command(String... path) {
    picocli.CommandLine line =
        CommandTree.complete(
            new Exa(java.util.Map.of(), java.time.Clock.systemUTC(), io.examlops.fleet.Fleet::of));
    for (String name : path) {
      line = line.getSubcommands().get(name);
    }
    return line.getCommandSpec();
  }

  @Test
  void everyHintNamesACommandOrAnOption() {
    for (Hint.Action action : Hint.Action.values()) {
      assertThat(Failures.command(Hint.of(action, "lxp"))).as(action.name()).matches("(exa |--).*");
    }
  }
}
