package io.examlops.fleet.testbed;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.examlops.fleet.cli.ExaRun;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * The set-up the integration tests share: a fleet of the test's own (clusters.yaml and the data
 * directory under {@code home}, the testbed's known_hosts) on the real testbed, its clusters
 * registered through the in-process {@code exa} as a user would, and the reads of its answers.
 */
public final class TestbedFleet {
  private static final ObjectMapper JSON = new ObjectMapper();

  private final Testbed testbed;
  private final Map<String, String> env = new HashMap<>();

  private TestbedFleet(Testbed testbed, Path home) {
    this.testbed = testbed;
    env.put("EXAMLOPS_HPC_REGISTRY", home.resolve("clusters.yaml").toString());
    env.put("EXAMLOPS_DATA_DIR", home.resolve("data").toString());
    env.put("EXAMLOPS_HPC_SSH_KNOWN_HOSTS", testbed.knownHosts().toString());
  }

  /** A fleet with nothing registered, its stores under {@code home}; the testbed must be up. */
  public static TestbedFleet in(Path home) {
    return new TestbedFleet(Testbed.require(), home);
  }

  /** Sets one more variable of exa's environment ({@code EXAMLOPS_ACTOR}, say). */
  public TestbedFleet with(String variable, String value) {
    env.put(variable, value);
    return this;
  }

  public Testbed testbed() {
    return testbed;
  }

  /** Exa's environment: the fleet's variables; changes to it change the fleet's. */
  public Map<String, String> env() {
    return env;
  }

  /** Registers the testbed's Slurm cluster (hpcuser over SSH) as {@code name}, PENDING. */
  public TestbedFleet connectSlurm(String name) {
    ok(
        ExaRun.run(
            env,
            new String[] {"hpc", "connect", Testbed.HOST, "--name", name},
            testbed.sshOptions()));
    return this;
  }

  /** Registers the testbed's Flux cluster (fluxuser over SSH) as {@code name}, PENDING. */
  public TestbedFleet connectFlux(String name) {
    ok(
        ExaRun.run(
            env,
            new String[] {"hpc", "connect", Testbed.HOST, "--name", name, "--scheduler", "flux"},
            testbed.fluxSshOptions()));
    return this;
  }

  /** Approves these clusters. */
  public TestbedFleet approve(String... names) {
    for (String name : names) {
      ok(exa("hpc", "approve", name));
    }
    return this;
  }

  /** Saves a snapshot of each of these clusters' nodes, as placement reads them. */
  public TestbedFleet saveNodes(String... names) {
    for (String name : names) {
      ok(exa("hpc", "nodes", "--save", "--cluster", name));
    }
    return this;
  }

  /** Runs {@code exa ARGS} in this fleet. */
  public ExaRun exa(String... args) {
    return ExaRun.run(env, args);
  }

  /** Runs {@code exa} in this fleet with {@code head}, then {@code tail} (a script's path, say). */
  public ExaRun exa(String[] head, String... tail) {
    return ExaRun.run(env, head, tail);
  }

  /** The words of a command line without quoting, split at spaces: {@code words("hpc jobs")}. */
  public static String[] words(String line) {
    return line.split(" ");
  }

  /**
   * The run, once it is checked to have ended with exit code 0 (else its stderr is the failure).
   */
  public static ExaRun ok(ExaRun run) {
    assertThat(run.exitCode()).as(run.err()).isZero();
    return run;
  }

  /** The JSON the run printed, once it is checked to have ended with exit code 0. */
  public static JsonNode json(ExaRun run) throws Exception {
    return JSON.readTree(ok(run).out());
  }
}
