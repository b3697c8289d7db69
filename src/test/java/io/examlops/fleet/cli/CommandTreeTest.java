package io.examlops.fleet.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.examlops.fleet.Fleet;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** The command line built on demand says and does what the whole tree would. */
class CommandTreeTest {
  private static final Map<String, String> ENV = Map.of();

  @Test
  void everyHelpIsTheWholeTreesHelp() {
    CommandLine complete = CommandTree.complete(new Exa(ENV, Clock.systemUTC(), Fleet::of));
    List<List<String>> paths = new ArrayList<>();
    collect(complete, new ArrayList<>(), paths);
    assertThat(paths).hasSizeGreaterThan(20);

    for (List<String> path : paths) {
      CommandLine command = complete;
      for (String name : path) {
        command = command.getSubcommands().get(name);
      }
      List<String> args = new ArrayList<>(path);
      args.add("--help");
      ExaRun run = ExaRun.run(ENV, args.toArray(String[]::new));
      assertThat(run.out()).as(String.join(" ", args)).isEqualTo(command.getUsageMessage());
    }
  }

  private static CommandLine forArguments(String... args) {
    return CommandTree.forArguments(new Exa(ENV, Clock.systemUTC(), Fleet::of), args);
  }

  @Test
  void commandsBesideThePathAreStubsWhereAGroupsUsageOrSubcommandsMayBeAskedFor() {
    for (String[] args :
        List.of(
            new String[] {"hpc", "--help", "jobs"},
            new String[] {"hpc", "--bogus", "jobs"},
            new String[] {"--", "hpc", "jobs"},
            new String[] {"-V", "hpc", "jobs"})) {
      CommandLine line = forArguments(args);
      CommandLine hpc = line.getSubcommands().get("hpc");
      String what = String.join(" ", args);
      assertThat(hpc.getSubcommands().get("submit").getCommandSpec().userObject())
          .as(what + ": a stub has no command behind it")
          .isNull();
      assertThat(line.getSubcommands().get("console").getCommandSpec().options())
          .as(what + ": only the inherited --json")
          .allMatch(CommandLine.Model.OptionSpec::inherited);
    }
    assertThat(forArguments("hpc", "submt").getSubcommands().get("hpc").getSubcommands())
        .as("a misspelt command is looked for among them")
        .containsKeys("jobs", "submit");
  }

  @Test
  void aLineThatReachesACommandThroughItsGroupsGetsNoStubs() {
    CommandLine line = forArguments("--json", "hpc", "jobs", "--no-refresh");

    assertThat(line.getSubcommands()).containsOnlyKeys("hpc");
    CommandLine hpc = line.getSubcommands().get("hpc");
    assertThat(hpc.getSubcommands()).containsOnlyKeys("jobs");
    Object jobs = hpc.getSubcommands().get("jobs").getCommand();
    assertThat(jobs).isInstanceOf(JobsCommand.class);
    assertThat(forArguments("pipeline", "run", "--help").getSubcommands())
        .containsOnlyKeys("pipeline");
    assertThat(forArguments("hpc", "jobs", "--help").getSubcommands().get("hpc").getSubcommands())
        .as("a command's own usage lists none of its siblings")
        .containsOnlyKeys("jobs");
  }

  @Test
  void everyCommandNamedOnALineIsBuiltInFullThere() {
    CommandLine complete = CommandTree.complete(new Exa(ENV, Clock.systemUTC(), Fleet::of));
    List<List<String>> paths = new ArrayList<>();
    collect(complete, new ArrayList<>(), paths);

    for (List<String> path : paths.subList(1, paths.size())) {
      CommandLine command = forArguments(path.toArray(String[]::new));
      for (String name : path) {
        command = command.getSubcommands().get(name);
        assertThat(command).as(path + " reaches " + name).isNotNull();
      }
      assertThat(command.getCommandSpec().userObject()).as(path + " is built in full").isNotNull();
    }
  }

  @Test
  void aMisspeltCommandIsStillSuggested() {
    ExaRun run = ExaRun.run(ENV, "hpc", "submt");

    assertThat(run.exitCode()).isEqualTo(ExitCode.USAGE);
    assertThat(run.err()).contains("did you mean submit?");
  }

  @Test
  void anArgumentFileStillReachesItsCommand(@TempDir Path dir) throws Exception {
    Path file = Files.writeString(dir.resolve("args"), "hpc\nclusters\n--help\n");

    ExaRun run = ExaRun.run(ENV, "@" + file);

    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out()).startsWith("Usage: exa hpc clusters");
  }

  private static void collect(CommandLine line, List<String> prefix, List<List<String>> out) {
    out.add(List.copyOf(prefix));
    line.getSubcommands()
        .forEach(
            (name, sub) -> {
              List<String> next = new ArrayList<>(prefix);
              next.add(name);
              collect(sub, next, out);
            });
  }
}
