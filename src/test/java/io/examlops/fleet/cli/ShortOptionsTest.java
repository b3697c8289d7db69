package io.examlops.fleet.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The short options a Slurm user types, each meaning what it means to sbatch: {@code -G} is {@code
 * --gpus} (total), {@code -N} {@code --nodes}, {@code -p} {@code --partition}, {@code -t} {@code
 * --time}, {@code -A} {@code --account}, {@code -J} the job's {@code --name}. Each is checked
 * against its long option on every command that has the long one.
 */
class ShortOptionsTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** short, long, a value; {@code hpc connect --name} names a cluster, not a job: no -J there. */
  private static final String[][] PAIRS = {
    {"-G", "--gpus", "2"},
    {"-N", "--nodes", "2"},
    {"-p", "--partition", "gpu"},
    {"-t", "--time", "01:30:00"},
    {"-A", "--account", "proj7"},
    {"-J", "--name", "train-7"},
  };

  @TempDir Path home;

  @Test
  void everyCommandWithTheLongOptionHasTheShortOneAndParsesItTheSame() {
    List<String> checked = new ArrayList<>();
    for (List<String> path : commands()) {
      CommandLine command = resolve(fresh(), path);
      for (String[] pair : PAIRS) {
        OptionSpec longOne = command.getCommandSpec().findOption(pair[1]);
        if (longOne == null || String.join(" ", path).equals("hpc connect")) {
          continue;
        }
        String where = String.join(" ", path) + " " + pair[1];
        assertThat(longOne.names()).as(where).contains(pair[0]);
        assertThat(parsed(path, pair[0], pair[2])).as(where).isEqualTo(pair[2]);
        assertThat(parsed(path, pair[1], pair[2])).as(where).isEqualTo(pair[2]);
        checked.add(where);
      }
    }
    assertThat(checked)
        .contains(
            "hpc submit --name",
            "hpc submit --gpus",
            "hpc preflight --time",
            "hpc place --partition",
            "pipeline run --account");
  }

  @Test
  void noShortOptionMeansSomethingElseAnywhere() {
    for (List<String> path : commands()) {
      CommandLine command = resolve(fresh(), path);
      for (String[] pair : PAIRS) {
        OptionSpec shortOne = command.getCommandSpec().findOption(pair[0]);
        if (shortOne != null) {
          assertThat(shortOne.names()).as(String.join(" ", path)).contains(pair[1]);
        }
      }
    }
  }

  @Test
  void shortAndLongOptionsSubmitTheSameJob() throws Exception {
    Map<String, String> env = new HashMap<>(ExaRun.fleetIn(home, "ann", 4));
    env.put("PATH", "/usr/bin:/bin");
    assertThat(ExaRun.run(env, "hpc", "connect", "local", "--name", "demo", "--scheduler", "mock"))
        .extracting(ExaRun::exitCode)
        .isEqualTo(0);
    assertThat(ExaRun.run(env, "hpc", "approve", "demo").exitCode()).isZero();
    String script = Files.writeString(home.resolve("a.sh"), "#!/bin/sh\ntrue\n").toString();

    JsonNode byShort =
        submitted(env, "-G", "2", "-N", "2", "-p", "mock", "-t", "10", "-J", "same", script);
    JsonNode byLong =
        submitted(
            env,
            "--gpus",
            "2",
            "--nodes",
            "2",
            "--partition",
            "mock",
            "--time",
            "10",
            "--name",
            "same",
            script);

    for (String field : new String[] {"name", "gpus", "nodes", "partition", "cluster"}) {
      assertThat(byShort.get(field)).as(field).isEqualTo(byLong.get(field));
    }
    assertThat(byShort.get("name").asText()).isEqualTo("same");
    assertThat(byShort.get("gpus").asInt()).isEqualTo(2);
    assertThat(byShort.get("nodes").asInt()).isEqualTo(2);

    ExaRun placedShort = ExaRun.run(env, "--json", "hpc", "place", "-G", "3", "-N", "1");
    ExaRun placedLong = ExaRun.run(env, "--json", "hpc", "place", "--gpus", "3", "--nodes", "1");
    assertThat(placedShort.exitCode()).isEqualTo(placedLong.exitCode());
    assertThat(JSON.readTree(placedShort.out()).get("explanation"))
        .isEqualTo(JSON.readTree(placedLong.out()).get("explanation"));
  }

  private static JsonNode submitted(Map<String, String> env, String... options) throws Exception {
    List<String> args = new ArrayList<>(List.of("--json", "hpc", "submit", "--cluster", "demo"));
    args.addAll(List.of(options));
    ExaRun run = ExaRun.run(env, args.toArray(String[]::new));
    assertThat(run.exitCode()).as(run.err()).isZero();
    return JSON.readTree(run.out()).get("job");
  }

  /** The value picocli parsed for {@code option} given as {@code option value} on {@code path}. */
  private static String parsed(List<String> path, String option, String value) {
    List<String> args = new ArrayList<>(path);
    args.add(option);
    args.add(value);
    // what the command requires besides, so that it parses
    var spec = resolve(fresh(), path).getCommandSpec();
    for (OptionSpec required :
        spec.requiredArgs().stream()
            .filter(a -> a instanceof OptionSpec)
            .map(OptionSpec.class::cast)
            .toList()) {
      if (!List.of(required.names()).contains(option)) {
        args.add(required.longestName());
        args.add("1");
      }
    }
    spec.positionalParameters().stream()
        .filter(p -> p.arity().min() > 0)
        .forEach(p -> args.add("x"));
    CommandLine.ParseResult result = fresh().parseArgs(args.toArray(String[]::new));
    while (result.hasSubcommand()) {
      result = result.subcommand();
    }
    Object parsed = result.matchedOptionValue(option, null);
    return parsed == null ? null : parsed.toString();
  }

  private static CommandLine fresh() {
    return CommandTree.complete(new Exa(Map.of(), Clock.systemUTC(), io.examlops.fleet.Fleet::of));
  }

  private static CommandLine resolve(CommandLine root, List<String> path) {
    CommandLine line = root;
    for (String name : path) {
      line = line.getSubcommands().get(name);
    }
    return line;
  }

  private static List<List<String>> commands() {
    List<List<String>> paths = new ArrayList<>();
    collect(fresh(), new ArrayList<>(), paths);
    return paths;
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
}
