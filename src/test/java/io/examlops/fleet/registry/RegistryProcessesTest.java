package io.examlops.fleet.registry;

import static org.assertj.core.api.Assertions.assertThat;

import io.examlops.fleet.model.Actor;
import io.examlops.fleet.model.AuditEvent;
import io.examlops.fleet.model.ClusterState;
import io.examlops.fleet.model.RegisteredCluster;
import io.examlops.fleet.testing.JavaCommand;
import io.examlops.fleet.testing.StopAt;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Several OS processes on one clusters.yaml and platform.db, and processes killed mid-write. */
class RegistryProcessesTest {
  private static final int WORKERS = 4;
  private static final int ROUNDS = 8;

  @TempDir Path dir;

  private ProcessBuilder worker(RegistryFixture f, WriteHook.WriteStep crashPoint, String... args) {
    List<String> workerArgs =
        new ArrayList<>(List.of(args[0], f.home.toString(), f.yaml.toString(), f.db.toString()));
    workerArgs.addAll(List.of(args).subList(1, args.length));
    List<String> jvm = crashPoint == null ? List.of() : List.of(StopAt.option(crashPoint));
    return new ProcessBuilder(JavaCommand.of(RegistryWorker.class, jvm, workerArgs));
  }

  private static String drain(Process process) throws IOException {
    return new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
  }

  @Test
  @Timeout(value = 180, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
  void concurrentProcessesLoseNoUpdateAndNeverSurfaceBusy() throws Exception {
    RegistryFixture f = new RegistryFixture(dir);
    Files.createDirectories(f.yaml.getParent());
    String human =
        "# hand-written, keep this comment\nclusters:\n  # and this one\n"
            + "  manual:\n    scheduler: mock\n    transport: local\n";
    Files.writeString(f.yaml, human);

    List<Process> processes = new ArrayList<>();
    for (int w = 0; w < WORKERS; w++) {
      processes.add(
          worker(f, null, "churn", String.valueOf(w), String.valueOf(ROUNDS))
              .redirectErrorStream(true)
              .start());
    }
    for (Process p : processes) {
      String output = drain(p);
      assertThat(p.waitFor()).as(output).isZero();
      assertThat(output)
          .contains("done")
          .doesNotContainIgnoringCase("busy")
          .doesNotContainIgnoringCase("locked");
    }

    ClusterRegistry registry = f.open(Clock.systemUTC());
    Map<String, RegisteredCluster> clusters =
        registry.list().stream()
            .collect(Collectors.toMap(RegisteredCluster::name, Function.identity()));
    assertThat(clusters).hasSize(WORKERS * ROUNDS + 2);
    for (int w = 0; w < WORKERS; w++) {
      for (int i = 0; i < ROUNDS; i++) {
        RegisteredCluster c = clusters.get("w" + w + "-c" + i);
        assertThat(c.definition().host()).isEqualTo("h" + w + "-" + i);
        assertThat(c.state()).isEqualTo(i % 2 == 1 ? ClusterState.REJECTED : ClusterState.ACTIVE);
      }
    }
    assertThat(clusters.get("manual").state()).isEqualTo(ClusterState.PENDING);
    assertThat(Files.readString(f.yaml)).startsWith(human);

    List<AuditEvent> audit = registry.auditTrail();
    int perWorker = ROUNDS * 2 + ROUNDS / 2 + ROUNDS * 2;
    assertThat(audit).hasSize(WORKERS * perWorker);
    List<AuditEvent> shared = registry.auditTrail("shared");
    AuditEvent last = shared.get(shared.size() - 1);
    ClusterState expected =
        switch (last.action()) {
          case "approve" -> ClusterState.ACTIVE;
          case "reject" -> ClusterState.REJECTED;
          default -> ClusterState.PENDING;
        };
    assertThat(clusters.get("shared").state())
        .as("the shared row reflects the last audited change")
        .isEqualTo(expected);
  }

  @Test
  @Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
  void aProcessKilledBeforeTheRenameLeavesThePreviousFile() throws Exception {
    RegistryFixture f = new RegistryFixture(dir);
    Files.createDirectories(f.yaml.getParent());
    String before = "# previous\nclusters:\n  manual:\n    scheduler: mock\n    transport: local\n";
    Files.writeString(f.yaml, before);

    killAt(
        worker(f, WriteHook.WriteStep.CLUSTERS_YAML_BEFORE_RENAME, "upsert", "1", "0"),
        WriteHook.WriteStep.CLUSTERS_YAML_BEFORE_RENAME);

    assertThat(Files.readString(f.yaml)).isEqualTo(before);
    try (Stream<Path> files = Files.list(f.yaml.getParent())) {
      assertThat(files.map(x -> x.getFileName().toString()))
          .as("the kill landed after the temporary file was written")
          .anyMatch(n -> n.startsWith(".clusters.yaml.") && n.endsWith(".tmp"));
    }
    ClustersFile file = f.clustersFile();
    assertThat(file.read()).extracting(d -> d.name()).containsExactly("manual");

    file.upsert(RegistryWorker.definition("w2", "next-host"));
    assertThat(file.read()).extracting(d -> d.name()).containsExactly("manual", "w2");
    try (Stream<Path> files = Files.list(f.yaml.getParent())) {
      assertThat(files.map(x -> x.getFileName().toString()))
          .as("the leftover of the killed writer was cleaned up")
          .noneMatch(n -> n.endsWith(".tmp"));
    }
  }

  @Test
  @Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
  void aProcessKilledBeforeTheCommitLeavesThePreviousSnapshot() throws Exception {
    RegistryFixture f = new RegistryFixture(dir);
    ClusterRegistry registry = f.open(Clock.systemUTC());
    registry.register(
        RegistryWorker.definition("lxp", "lxp-login"), RegistryWorker.KEYS, null, Actor.cli("bob"));
    long first = registry.saveSnapshot("lxp", RegistryWorker.nodes(2), Actor.cli("bob")).id();

    killAt(
        worker(f, WriteHook.WriteStep.SNAPSHOT_BEFORE_COMMIT, "snapshot", "1", "50"),
        WriteHook.WriteStep.SNAPSHOT_BEFORE_COMMIT);

    ClusterRegistry after = f.open(Clock.systemUTC());
    assertThat(after.latestSnapshot("lxp").orElseThrow().id()).isEqualTo(first);
    assertThat(after.latestSnapshot("lxp").orElseThrow().nodes()).hasSize(2);
    assertThat(after.auditTrail("lxp"))
        .extracting(AuditEvent::action)
        .containsExactly("register", "snapshot");
    assertThat(after.saveSnapshot("lxp", RegistryWorker.nodes(3), Actor.cli("bob")).id())
        .isGreaterThan(first);
  }

  /** Starts the process, waits until it reports the crash point, then kills it (SIGKILL). */
  private void killAt(ProcessBuilder builder, WriteHook.WriteStep step) throws Exception {
    String point = step.name();
    Path errors = dir.resolve("worker.err");
    Process p = builder.redirectError(errors.toFile()).start();
    try (BufferedReader out =
        new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
      String line;
      while ((line = out.readLine()) != null && !line.equals("crashpoint " + point)) {
        // skip other output
      }
      if (line == null) {
        p.waitFor();
        throw new AssertionError(
            "the worker ended before " + point + ":\n" + Files.readString(errors));
      }
      p.destroyForcibly();
      assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
      assertThat(p.exitValue()).as("killed, not finished").isNotZero();
    }
  }
}
