package io.examlops.fleet.registry;

import static org.assertj.core.api.Assertions.assertThat;

import io.examlops.fleet.cli.ExaRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A clusters.yaml entry without {@code key:} means "the ssh-agent's key", but only a registration
 * (exa hpc connect) says which: an entry written by hand and never connected cannot be approved,
 * and the refusal says how to fix it. Nothing connects anywhere.
 */
class AgentKeyEntryTest {
  @TempDir Path home;

  @Test
  void anEntryWithoutKeyNeverConnectedCannotBeApprovedAndSaysWhy() throws Exception {
    Files.writeString(
        home.resolve("clusters.yaml"),
        String.join(
            "\n",
            "clusters:",
            "  lxp:",
            "    scheduler: slurm",
            "    transport: ssh",
            "    host: login.lxp.example.org",
            "    user: hpc",
            "    host_key: SHA256:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
            ""));
    Map<String, String> env = new HashMap<>(ExaRun.fleetIn(home, "alice", 0));
    env.put("HOME", home.toString());

    ExaRun approve = ExaRun.run(env, "hpc", "approve", "lxp");
    assertThat(approve.exitCode()).isNotZero();
    assertThat(approve.err())
        .contains("names no key file, and nothing says which ssh-agent key it uses")
        .contains("exa hpc connect");
    ExaRun clusters = ExaRun.run(env, "hpc", "clusters");
    assertThat(clusters.exitCode()).as(clusters.err()).isZero();
  }
}
