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

  @Test
  void commandsBesideThePathAreStubs() {
    CommandLine line =
        CommandTree.forArguments(
            new Exa(ENV, Clock.systemUTC(), Fleet::of), new String[] {"hpc", "jobs"});

    CommandLine hpc = line.getSubcommands().get("hpc");
    Object jobs = hpc.getSubcommands().get("jobs").getCommand();
    assertThat(jobs).isInstanceOf(JobsCommand.class);
    assertThat(hpc.getSubcommands().get("submit").getCommandSpec().userObject())
        .as("a stub has no command behind it")
        .isNull();
    assertThat(line.getSubcommands().get("console").getCommandSpec().options())
        .as("only the inherited --json")
        .allMatch(CommandLine.Model.OptionSpec::inherited);
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
