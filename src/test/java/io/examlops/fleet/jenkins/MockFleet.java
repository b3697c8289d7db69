package io.examlops.fleet.jenkins;

import static org.assertj.core.api.Assertions.assertThat;

import io.examlops.fleet.cli.ExaRun;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * An agent with its own registry and the real {@code exa}: cluster "demo" on the mock backend (jobs
 * are local processes), approved by an admin, with {@code gpus} GPUs.
 */
final class MockFleet {
  private MockFleet() {}

  /** The agent's environment for builds of job {@code job}, number {@code build}. */
  static Map<String, String> agent(Path dir, int gpus, String job, String build) {
    Map<String, String> env = new LinkedHashMap<>(ExaRun.fleetIn(dir, "admin", gpus));
    assertThat(
            ExaRun.run(env, "hpc", "connect", "local", "--name", "demo", "--scheduler", "mock")
                .exitCode())
        .isZero();
    assertThat(ExaRun.run(env, "hpc", "approve", "demo").exitCode()).isZero();
    env.remove("EXAMLOPS_ACTOR");
    env.put("PATH", AgentWithExa.install(dir));
    AgentWithExa.configure(dir, AgentWithExa.LOCAL);
    env.put("HOME", dir.toString());
    env.put("JOB_NAME", job);
    env.put("BUILD_NUMBER", build);
    return env;
  }
}
