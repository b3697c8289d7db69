package io.examlops.fleet.testbed;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.examlops.fleet.cli.ExaRun;
import io.examlops.fleet.testing.Eventually;
import java.time.Duration;
import java.util.Map;

/** The node states slurm-states.sh puts the testbed in, which the tests that follow read. */
public final class TestbedStates {
  private static final ObjectMapper JSON = new ObjectMapper();

  private TestbedStates() {}

  /**
   * Waits until only the holding jobs of slurm-states.sh remain on cluster {@code tc} of {@code
   * env}'s registry and g2 is idle again (a cancelled job's node stays "completing" for a few
   * seconds); fails after 60 s.
   */
  public static void awaitOnlyTheHolds(Map<String, String> env) {
    Eventually.waitUntil(
        "the testbed back to its states (only the holding jobs, g2 idle)",
        Duration.ofSeconds(60),
        () -> onlyTheHolds(env));
  }

  private static boolean onlyTheHolds(Map<String, String> env) {
    try {
      JsonNode queue = read(env, "--json", "hpc", "queue", "--cluster", "tc").get("jobs");
      JsonNode nodes = read(env, "--json", "hpc", "nodes", "--cluster", "tc").get("nodes");
      boolean onlyHolds =
          queue.findValuesAsText("name").stream().allMatch(n -> n.startsWith("hold-"));
      boolean g2Idle = false;
      for (JsonNode node : nodes) {
        g2Idle |=
            node.get("name").asText().equals("g2") && node.get("state").asText().equals("idle");
      }
      return onlyHolds && g2Idle;
    } catch (Exception e) {
      throw new AssertionError("the testbed's queue and nodes could not be read", e);
    }
  }

  private static JsonNode read(Map<String, String> env, String... args) throws Exception {
    ExaRun run = ExaRun.run(env, args);
    if (run.exitCode() != 0) {
      throw new AssertionError("exa " + String.join(" ", args) + " failed: " + run.err());
    }
    return JSON.readTree(run.out());
  }
}
