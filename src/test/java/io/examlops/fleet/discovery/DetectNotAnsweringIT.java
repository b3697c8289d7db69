package io.examlops.fleet.discovery;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.examlops.fleet.cli.DocumentedShapes;
import io.examlops.fleet.cli.ExaRun;
import io.examlops.fleet.cli.ExitCodes;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code exa hpc detect} of a machine whose Slurm client is installed (by the testbed's install
 * script) but whose controller does not answer: the real sinfo and scontrol, with {@code
 * SLURM_CONF} naming a controller port nothing listens on. Its own outcome, at once, with every
 * probe's reason.
 */
class DetectNotAnsweringIT {
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path dir;
  private Path bin;
  private Path slurmConf;

  @BeforeEach
  void aSlurmClientWithADeadController() throws Exception {
    bin = Files.createDirectories(dir.resolve("bin"));
    for (String command : List.of("sinfo", "scontrol", "sacctmgr")) {
      Path real = Path.of("/usr/bin", command);
      assertThat(real).as("the Slurm client (scripts/testbed/install-packages.sh)").isExecutable();
      Files.createSymbolicLink(bin.resolve(command), real);
    }
    int closedPort;
    try (ServerSocket socket = new ServerSocket(0)) {
      closedPort = socket.getLocalPort();
    }
    slurmConf =
        Files.writeString(
            dir.resolve("slurm.conf"),
            "ClusterName=nowhere\nSlurmctldHost=localhost\nSlurmctldPort=" + closedPort + "\n");
  }

  private ExaRun exa(String... args) throws Exception {
    return ExaRun.process(
        Map.of(
            "PATH", bin.toString(),
            "HOME", dir.toString(),
            "SLURM_CONF", slurmConf.toString(),
            "EXAMLOPS_HPC_REGISTRY", dir.resolve("clusters.yaml").toString(),
            "EXAMLOPS_DATA_DIR", dir.resolve("data").toString()),
        List.of(args));
  }

  @Test
  void saysInstalledNotAnsweringWithEveryProbesReason() throws Exception {
    ExaRun run = exa("hpc", "detect");

    assertThat(run.exitCode()).as(run.err()).isEqualTo(ExitCodes.SCHEDULER);
    assertThat(run.out())
        .startsWith("Installed but not answering on local: slurm.")
        .contains("slurm: installed, not answering (Slurm 22.05")
        .contains("controller does not answer (`scontrol ping`: primary at ")
        .contains(" is DOWN)")
        .contains("flux: not available (flux is not installed on local)")
        .contains("unmanaged: not available (nvidia-smi is not installed on local)")
        .contains("mock backend");
  }

  @Test
  void jsonCarriesTheOutcomeAndEachProbe() throws Exception {
    ExaRun run = exa("--json", "hpc", "detect");

    assertThat(run.exitCode()).as(run.err()).isEqualTo(ExitCodes.SCHEDULER);
    DocumentedShapes.cliReference().assertMatches("hpc detect", run.out());
    JsonNode json = JSON.readTree(run.out());
    assertThat(json.get("outcome").asText()).isEqualTo("not-answering");
    assertThat(json.get("found").asBoolean()).isFalse();
    assertThat(json.get("probes"))
        .extracting(p -> p.get("status").asText())
        .containsExactly("absent", "not-answering", "absent");
    // The node listing, which would retry the dead controller for ~10 s, is never run.
    assertThat(json.get("commandsRun").asInt()).isEqualTo(4);
  }

  @Test
  void connectRegistersNothingAndSaysWhy() throws Exception {
    ExaRun run = exa("hpc", "connect", "local", "--name", "lab");

    assertThat(run.exitCode()).as(run.err()).isEqualTo(ExitCodes.SCHEDULER);
    assertThat(run.err())
        .contains("installed on local but does not answer")
        .contains("slurm: installed, not answering")
        .contains("nothing was registered");
    assertThat(dir.resolve("clusters.yaml")).doesNotExist();
  }
}
