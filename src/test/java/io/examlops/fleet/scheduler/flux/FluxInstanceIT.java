package io.examlops.fleet.scheduler.flux;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.examlops.fleet.cli.ExaRun;
import io.examlops.fleet.cli.ExitCodes;
import io.examlops.fleet.testbed.TestbedFleet;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A Flux cluster is bound to the instance that answered at connect: its URI is recorded in
 * clusters.yaml, pinned by the approval and set (FLUX_URI) on every command; another URI makes it
 * unschedulable, and an instance that does not answer there is named. Over real SSH to the
 * testbed's fluxuser, whose flux answers only as the captured instance
 * (scripts/testbed/fake-flux.sh).
 */
class FluxInstanceIT {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String CAPTURED = "local:///tmp/flux-XXXXXX/local-0";
  private static final String OTHER = "local:///tmp/flux-OTHER0/local-0";
  @TempDir Path home;
  private TestbedFleet fleet;

  @BeforeEach
  void aFleetOfItsOwn() {
    fleet = TestbedFleet.in(home).with("EXAMLOPS_ACTOR", "alice");
  }

  private ExaRun exa(String... args) {
    return fleet.exa(args);
  }

  @Test
  void theApprovedInstanceIsTheOneEveryCommandTalksTo() throws Exception {
    fleet.connectFlux("fx");
    Path yaml = home.resolve("clusters.yaml");
    assertThat(Files.readString(yaml)).contains("flux_uri: " + CAPTURED);
    assertThat(exa("hpc", "approve", "fx").exitCode()).isZero();

    ExaRun nodes = exa("--json", "hpc", "nodes", "--cluster", "fx");
    assertThat(nodes.exitCode()).as(nodes.err()).isZero();
    assertThat(JSON.readTree(nodes.out()).get("nodes").size()).isEqualTo(7);
    JsonNode preflight =
        JSON.readTree(exa("--json", "hpc", "preflight", "fx", "--gpus", "1").out());
    assertThat(preflight.toString()).contains("queue batch is enabled and started");

    Files.writeString(yaml, Files.readString(yaml).replace(CAPTURED, OTHER));
    ExaRun env = exa("hpc", "env", "fx");
    ExaRun elsewhere = exa("hpc", "nodes", "--cluster", "fx");

    assertThat(env.exitCode()).isEqualTo(ExitCodes.NOT_APPROVED);
    assertThat(env.err())
        .contains("Flux instance (flux_uri) changed from " + CAPTURED + " to " + OTHER);
    assertThat(elsewhere.exitCode()).isNotZero();
    assertThat(elsewhere.err())
        .contains("the Flux instance this cluster is bound to, " + OTHER + ", does not answer")
        .contains("broker socket /tmp/flux-OTHER0/local-0 was not found");
  }
}
