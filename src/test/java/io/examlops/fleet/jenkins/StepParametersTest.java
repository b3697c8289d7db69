package io.examlops.fleet.jenkins;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every step checks its named parameters before it runs anything: an unknown, missing or malformed
 * one fails the step naming the step, the parameter and what is allowed, and no sh step ran (so
 * nothing reached exa, let alone a cluster).
 */
class StepParametersTest {
  @TempDir Path dir;

  private Pipeline pipeline() {
    return new Pipeline(
        Path.of("").toAbsolutePath(), dir.resolve("ws"), Map.of("PATH", "/usr/bin:/bin"));
  }

  private void refused(String step, Map<String, Object> args, String... expected) {
    Pipeline pipeline = pipeline();
    assertThatThrownBy(() -> pipeline.step(step, args))
        .isInstanceOf(PipelineError.class)
        .hasMessageStartingWith(step + ": ")
        .hasMessageContainingAll(expected);
    assertThat(pipeline.shRuns()).as("sh steps run").isZero();
  }

  @Test
  void anUnknownParameterIsNamedWithTheAllowedOnes() {
    refused(
        "hpcSubmit",
        Map.of("cluster", "lxp", "script", "t.sh", "gpu", 2),
        "unknown parameter 'gpu'",
        "allowed: cluster, script, gpus, nodes");
    refused(
        "hpcPreflight",
        Map.of("cluster", "lxp", "gpus", 1, "fail", "warn"),
        "unknown parameter 'fail'",
        "failOn");
    refused("hpcPlace", Map.of("gpus", 1, "cluster", "lxp"), "unknown parameter 'cluster'");
    refused("hpcCapacity", Map.of("html", "x.html"), "unknown parameter 'html'", "report");
  }

  @Test
  void aMissingParameterIsNamed() {
    refused(
        "hpcSubmit",
        Map.of("script", "t.sh"),
        "missing parameter 'cluster'",
        "required: cluster, script");
    refused("hpcPreflight", Map.of("cluster", "lxp"), "missing parameter 'gpus'");
    refused("hpcPlace", Map.of(), "missing parameter 'gpus'");
  }

  @Test
  void badValuesAreNamedWithWhatIsAllowed() {
    refused(
        "hpcPreflight",
        Map.of("cluster", "lxp", "gpus", 1, "failOn", "sometimes"),
        "parameter 'failOn' must be one of 'fail', 'warn', 'never', got 'sometimes'");
    refused(
        "hpcPreflight",
        Map.of("cluster", "lxp", "gpus", "four"),
        "parameter 'gpus' must be a whole number from 0 up, got 'four'");
    refused(
        "hpcSubmit",
        Map.of("cluster", "lxp; rm -rf ~", "script", "#!/bin/sh\ntrue\n"),
        "parameter 'cluster' must be 1 to 200 letters");
    refused(
        "hpcSubmit",
        Map.of("cluster", "lxp", "script", "#!/bin/sh\n", "env", Map.of("A B", "1")),
        "env variable name 'A B' is not a shell variable name");
    refused(
        "hpcSubmit",
        Map.of("cluster", "lxp", "script", "#!/bin/sh\n", "model", "m"),
        "'model' and 'dataset' go together");
    refused(
        "hpcSubmit",
        Map.of("cluster", "lxp", "script", "no-such-file.sh"),
        "parameter 'script' is neither a file in the workspace nor a script text");
    refused(
        "hpcCapacity",
        Map.of("report", "../outside.html"),
        "parameter 'report' must be a relative path in the workspace");
  }
}
