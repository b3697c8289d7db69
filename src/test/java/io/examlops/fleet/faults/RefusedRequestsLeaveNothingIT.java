package io.examlops.fleet.faults;

import static org.assertj.core.api.Assertions.assertThat;

import io.examlops.fleet.cli.ExaProcess;
import io.examlops.fleet.testing.JobGate;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A request the mock backend refuses leaves nothing behind (no job directory, no job row), and a
 * damaged leftover directory is reported for its own job while queue and jobs keep working.
 */
class RefusedRequestsLeaveNothingIT {
  @TempDir Path root;

  @Test
  void aRefusedPipelineRunLeavesNothingAndADamagedLeftoverSpoilsOnlyItsOwnJob() throws Exception {
    Path db = root.resolve("data/platform.db");
    ExaProcess exa = ExaProcess.onStores(root, root.resolve("clusters.yaml"), db);
    exa.prepare("hpc", "connect", "local", "--name", "demo", "--scheduler", "mock");
    exa.prepare("hpc", "approve", "demo");
    Path python = root.resolve("x.py");
    Files.writeString(python, "#!/usr/bin/env python3\nprint('train')\n");

    ExaProcess.Result refused =
        exa.run(
            "pipeline",
            "run",
            "--model",
            "m",
            "--dataset",
            "d",
            "--cluster",
            "demo",
            "--script",
            python.toString());

    assertThat(refused.exitCode()).as(refused.all()).isEqualTo(2);
    assertThat(refused.err()).contains("python3").contains("#!/bin/bash");
    Path jobs = db.getParent().resolve("mock-jobs");
    assertThat(!Files.exists(jobs) || isEmpty(jobs)).as("no job directory left").isTrue();
    assertThat(StoredState.rows(db).get("hpc_jobs")).isEmpty();
    ok(exa.run("hpc", "queue", "--cluster", "demo"));

    Files.createDirectories(jobs.resolve("mock-9")); // a leftover of an older version, say
    Path script = root.resolve("ok.sh");
    // Held until it is cancelled: a 5 s job could end before a slow machine reads the queue.
    try (JobGate gate = JobGate.in(root)) {
      Files.writeString(script, "#!/bin/sh\n" + gate.waitLine());
      ok(exa.run("hpc", "submit", "--cluster", "demo", script.toString()));
      ExaProcess.Result queue = exa.run("hpc", "queue", "--cluster", "demo");
      ok(queue);
      assertThat(queue.out()).containsPattern("mock-9 .*unknown.*mock-9 is damaged");
      assertThat(queue.out()).containsPattern("mock-10 .*(pending|running)");
      ok(exa.run("hpc", "jobs"));
      ok(exa.run("hpc", "cancel", "mock-10"));
    }
  }

  private static boolean isEmpty(Path dir) throws Exception {
    try (var files = Files.list(dir)) {
      return files.findAny().isEmpty();
    }
  }

  private static void ok(ExaProcess.Result run) {
    assertThat(run.exitCode()).as(run.all()).isZero();
  }
}
