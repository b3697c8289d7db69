package io.examlops.fleet.cli;

import io.examlops.fleet.settings.Variables;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The training run of the launcher's class-data-sharing archive ({@code scripts/exa-java.sh}): runs
 * the registry-only commands once, in this process, on a throwaway registry, so that the JVM can
 * archive every class they load. Touches neither the user's clusters.yaml nor platform.db, and
 * prints nothing.
 */
public final class StartupTraining {
  private static final List<List<String>> COMMANDS =
      List.of(
          List.of("--version"),
          List.of("--help"),
          List.of("hpc", "--help"),
          List.of("hpc", "clusters", "--help"),
          List.of("hpc", "clusters"),
          List.of("hpc", "connect", "local", "--name", "training", "--scheduler", "mock"),
          List.of("hpc", "approve", "training"),
          List.of("hpc", "clusters"),
          List.of("--json", "hpc", "clusters"),
          List.of("hpc", "env", "training"),
          List.of("hpc", "audit"),
          List.of("--json", "hpc", "audit"),
          List.of("hpc", "jobs", "--no-refresh"),
          List.of("--json", "hpc", "jobs", "--no-refresh"),
          List.of("hpc", "place", "--gpus", "1"),
          List.of("--json", "hpc", "place", "--gpus", "1"),
          List.of("hpc", "capacity"),
          List.of("hpc", "approve", "no-such-cluster"));

  private StartupTraining() {}

  public static void main(String[] args) throws IOException {
    Map<String, String> env = new HashMap<>(System.getenv());
    Exa.prepareProcess(env, args);
    Path dir = Files.createTempDirectory("exa-startup-training-");
    try {
      env.put(Variables.REGISTRY, dir.resolve("clusters.yaml").toString());
      env.put(Variables.DATA_DIR, dir.resolve("data").toString());
      env.put(Variables.PLATFORM_DB, dir.resolve("data/platform.db").toString());
      env.remove(Variables.CLUSTER);
      PrintWriter nowhere = new PrintWriter(Writer.nullWriter());
      for (List<String> command : COMMANDS) {
        Exa.execute(command.toArray(String[]::new), env, nowhere, nowhere);
      }
    } finally {
      deleteTree(dir);
    }
  }

  private static void deleteTree(Path dir) throws IOException {
    try (Stream<Path> paths = Files.walk(dir)) {
      paths.sorted(Comparator.reverseOrder()).forEach(StartupTraining::delete);
    }
  }

  private static void delete(Path path) {
    try {
      Files.delete(path);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
