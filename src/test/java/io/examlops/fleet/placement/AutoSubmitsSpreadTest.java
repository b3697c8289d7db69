package io.examlops.fleet.placement;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.examlops.fleet.cli.ExaRun;
import io.examlops.fleet.testing.Eventually;
import io.examlops.fleet.testing.JobGate;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Four {@code exa hpc submit --cluster auto} in a row, with the real {@code exa}, on two clusters
 * of the mock backend (jobs are local processes, held running by a gate): each placement sees the
 * jobs submitted before it, so they spread over both clusters.
 */
class AutoSubmitsSpreadTest {
  @TempDir Path dir;

  @Test
  void fourAutoSubmitsInARowLandOnBothClusters() throws Exception {
    Map<String, String> env = ExaRun.fleetIn(dir, "admin", 4);
    for (String name : List.of("alpha", "beta")) {
      assertThat(
              ExaRun.run(env, "hpc", "connect", "local", "--name", name, "--scheduler", "mock")
                  .exitCode())
          .isZero();
      assertThat(ExaRun.run(env, "hpc", "approve", name).exitCode()).isZero();
    }
    List<String> clusters = new ArrayList<>();
    try (JobGate gate = JobGate.in(dir)) {
      Path script = dir.resolve("train.sh");
      Files.writeString(script, "#!/bin/sh\n" + gate.waitLine());
      for (int i = 0; i < 4; i++) {
        ExaRun submit =
            ExaRun.run(
                env,
                "--json",
                "hpc",
                "submit",
                "--cluster",
                "auto",
                "--gpus",
                "2",
                script.toString());
        assertThat(submit.exitCode()).as(submit.err()).isZero();
        clusters.add(
            new ObjectMapper().readTree(submit.out()).path("job").path("cluster").asText());
      }
    }

    assertThat(clusters).containsExactly("alpha", "beta", "alpha", "beta");
    // the released jobs write their ends into the test's directory: let them, before it goes
    Eventually.waitUntil(
        "the four jobs end",
        () -> {
          try {
            return new ObjectMapper()
                    .readTree(ExaRun.run(env, "--json", "hpc", "jobs").out())
                    .path("jobs")
                    .findValuesAsText("state")
                    .stream()
                    .allMatch(s -> List.of("completed", "failed", "cancelled").contains(s));
          } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
          }
        });
  }
}
