package io.examlops.fleet.jenkins;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.examlops.fleet.cli.ExaRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The steps against the real {@code exa} (this build's classes, in a process of its own per call)
 * on the mock backend, which runs jobs as local processes: no testbed needed. What needs Slurm and
 * SSH is in {@link JenkinsStepsIT}.
 */
class MockBackendStepsIT {
  @TempDir Path dir;
  private Map<String, String> env;

  @BeforeEach
  void aMockClusterAndAnExaOnThisAgent() throws Exception {
    env = MockFleet.agent(dir, 4, "demo-job", "3");
  }

  private Pipeline build() {
    return new Pipeline(Path.of("").toAbsolutePath(), dir.resolve("ws"), env);
  }

  @Test
  void aJobsOutputAndEnvironmentReachTheLogAndItsResultIsReturned() {
    Pipeline pipeline = build();
    @SuppressWarnings("unchecked")
    Map<String, Object> run =
        (Map<String, Object>)
            pipeline.step(
                "hpcSubmit",
                Map.of(
                    "cluster",
                    "demo",
                    "script",
                    "#!/bin/sh\necho \"epochs=$EPOCHS\"\n",
                    "env",
                    Map.of("EPOCHS", "3"),
                    "name",
                    "smoke"));

    assertThat(run)
        .containsEntry("state", "completed")
        .containsEntry("exitCode", 0)
        .containsEntry("cluster", "demo")
        .containsEntry("reattached", false);
    assertThat(pipeline.log().text())
        .contains("epochs=3")
        .contains("hpcSubmit: job " + run.get("jobId") + " (demo mock-");
    // exa found on the PATH; its command line is not echoed (set +x)
    assertThat(pipeline.log().text()).doesNotContain("+ 'exa' --json");
    String audit = ExaRun.run(env, "--json", "hpc", "audit").out();
    assertThat(audit).contains("\"actor\" : \"jenkins:demo-job#3\"");
    // the script text went to a file of its own in the workspace, gone once the step ended
    try (var left = java.nio.file.Files.walk(pipeline.workspace())) {
      assertThat(left.filter(java.nio.file.Files::isRegularFile)).isEmpty();
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  @Test
  void anOutputParameterSendsTheJobsOutputThereAndTheLogIsStreamedFromIt() throws Exception {
    Path logs = java.nio.file.Files.createDirectory(dir.resolve("job logs"));
    Pipeline pipeline = build();
    @SuppressWarnings("unchecked")
    Map<String, Object> run =
        (Map<String, Object>)
            pipeline.step(
                "hpcSubmit",
                Map.of(
                    "cluster",
                    "demo",
                    "script",
                    "#!/bin/sh\necho streamed-from-output\n",
                    "name",
                    "smoke",
                    "output",
                    logs + "/%x-%j.log"));

    assertThat(run).containsEntry("state", "completed");
    Path file = logs.resolve("smoke-" + run.get("schedulerJobId") + ".log");
    assertThat(run).containsEntry("output", file.toString());
    assertThat(java.nio.file.Files.readString(file)).isEqualTo("streamed-from-output\n");
    assertThat(pipeline.log().text()).contains("streamed-from-output");
  }

  @Test
  void aFailingJobFailsTheStepWithItsExitCodeAndTheReportIsSelfContained() throws Exception {
    assertThatThrownBy(
            () ->
                build()
                    .step("hpcSubmit", Map.of("cluster", "demo", "script", "#!/bin/sh\nexit 7\n")))
        .isInstanceOf(PipelineError.class)
        .hasMessageMatching("hpcSubmit: job \\d+ \\(demo mock-\\d+\\) failed with exit code 7");

    Pipeline pipeline = build();
    @SuppressWarnings("unchecked")
    Map<String, Object> figures =
        (Map<String, Object>)
            pipeline.step("hpcCapacity", Map.of("report", "reports/capacity.html"));
    assertThat(figures.get("totalGpus")).isEqualTo(4);
    String html = Files.readString(dir.resolve("ws/reports/capacity.html"));
    assertThat(html)
        .contains("<td>demo</td>")
        .contains("of 4 GPUs idle")
        .doesNotContain("<script")
        .doesNotContain("http");
  }

  @Test
  void exaNotInstalledIsSaidWithTheFix() {
    env.put("EXAMLOPS_EXA", dir.resolve("nowhere/exa").toString());
    assertThatThrownBy(() -> build().step("hpcPlace", Map.of("gpus", 1)))
        .isInstanceOf(PipelineError.class)
        .hasMessageContaining(
            "hpcPlace: " + dir.resolve("nowhere/exa") + " was not found on this agent")
        .hasMessageContaining("EXAMLOPS_EXA");
  }
}
