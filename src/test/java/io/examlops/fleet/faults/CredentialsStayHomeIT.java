package io.examlops.fleet.faults;

import static org.assertj.core.api.Assertions.assertThat;

import io.examlops.fleet.cli.ExaProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The fleet's credentials ({@code EXAMLOPS_TOKEN}, the SSH key's passphrase) stay in the fleet's
 * own process: the real {@code exa} with them set submits a job that prints its whole environment
 * (the mock backend, which like a local sbatch hands its own environment to the job), and neither
 * name nor value reaches the job, its output or the scheduler; asking to export one is refused; a
 * server URL carrying one is refused without echoing it. (Over SSH nothing of the client's
 * environment is sent: the Slurm and Flux jobs get only the exports of their script, which the same
 * rule keeps clean.)
 */
class CredentialsStayHomeIT {
  private static final String TOKEN = "exa_s3cretTokenValue42";
  private static final String PASSPHRASE = "a passphrase of the key";

  @TempDir Path root;
  private ExaProcess exa;
  private Path seen;
  private Path script;

  @BeforeEach
  void anActiveMockClusterAndCredentialsInTheEnvironment() throws Exception {
    seen = root.resolve("job-environment");
    script = root.resolve("job.sh");
    Files.writeString(script, "#!/bin/sh\nenv > " + seen + "\nenv\n");
    exa =
        ExaProcess.onStores(root, root.resolve("clusters.yaml"), root.resolve("data/platform.db"));
    exa.prepare("hpc", "connect", "local", "--name", "demo", "--scheduler", "mock");
    exa.prepare("hpc", "approve", "demo");
    exa = exa.and("EXAMLOPS_TOKEN", TOKEN).and("EXAMLOPS_HPC_SSH_KEY_PASSPHRASE", PASSPHRASE);
  }

  @Test
  void noCredentialReachesTheJobItsOutputOrTheScheduler() throws Exception {
    ExaProcess.Result submitted =
        exa.run("hpc", "submit", "--cluster", "demo", "--wait", script.toString());
    ok(submitted);

    String environment = Files.readString(seen);
    assertThat(environment).contains("HOME=").doesNotContain(TOKEN).doesNotContain(PASSPHRASE);
    assertThat(environment)
        .doesNotContain("EXAMLOPS_TOKEN")
        .doesNotContain("EXAMLOPS_HPC_SSH_KEY_PASSPHRASE");
    ExaProcess.Result logs = exa.run("hpc", "logs", "1");
    ok(logs);
    assertThat(logs.out()).contains("HOME=").doesNotContain(TOKEN).doesNotContain(PASSPHRASE);
    try (var files = Files.walk(root.resolve("data/mock-jobs"))) {
      for (Path file : files.filter(Files::isRegularFile).toList()) {
        assertThat(Files.readString(file)).as(file.toString()).doesNotContain(TOKEN);
      }
    }
  }

  @Test
  void exportingACredentialIntoAJobIsRefusedWithoutEchoingIt() throws Exception {
    ExaProcess.Result refused =
        exa.run("hpc", "submit", "--cluster", "demo", "--env", "EXAMLOPS_TOKEN", script.toString());

    assertThat(refused.exitCode()).as(refused.all()).isEqualTo(2);
    assertThat(refused.err()).contains("EXAMLOPS_TOKEN is a credential");
    assertThat(refused.all()).doesNotContain(TOKEN);
    assertThat(seen).doesNotExist();
  }

  @Test
  void aServerUrlCarryingACredentialIsRefusedWithoutEchoingIt() throws Exception {
    for (String server :
        new String[] {
          "http://" + TOKEN + "@fleet.example.org",
          "https://user:" + TOKEN + "@fleet.example.org:8443",
          "http://" + TOKEN + " @fleet.example.org"
        }) {
      ExaProcess.Result refused = exa.and("EXAMLOPS_SERVER", server).run("hpc", "clusters");

      assertThat(refused.exitCode()).as(refused.all()).isEqualTo(2);
      assertThat(refused.err()).contains("EXAMLOPS_SERVER");
      assertThat(refused.all()).as(server).doesNotContain(TOKEN).doesNotContain("s3cret");
    }
  }

  private static void ok(ExaProcess.Result run) {
    assertThat(run.exitCode()).as(run.all()).isZero();
  }
}
