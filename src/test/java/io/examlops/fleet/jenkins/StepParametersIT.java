package io.examlops.fleet.jenkins;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every step checks the shape of its named parameters before it runs anything: an unknown or
 * missing one, or a choice of the step's own, fails the step naming the step, the parameter and
 * what is allowed, and no sh step ran. A value's rule is the core's: exa refuses it before anything
 * runs, in the core's words, and the step names its own parameter for it (the library repeats none
 * of exa's rules).
 */
class StepParametersIT {
  @TempDir Path dir;

  private Pipeline pipeline() {
    AgentWithExa.configure(dir, AgentWithExa.LOCAL);
    return new Pipeline(
        Path.of("").toAbsolutePath(),
        dir.resolve("ws"),
        Map.of(
            "PATH", AgentWithExa.install(dir),
            "HOME", dir.toString(),
            "EXAMLOPS_HPC_REGISTRY", dir.resolve("clusters.yaml").toString(),
            "EXAMLOPS_DATA_DIR", dir.resolve("data").toString()));
  }

  /** exa refused the value with the core's rule, named as the step's parameter; nothing ran. */
  private void refusedByExa(String step, Map<String, Object> args, String... expected) {
    Pipeline pipeline = pipeline();
    assertThatThrownBy(() -> pipeline.step(step, args))
        .isInstanceOf(PipelineError.class)
        .hasMessageStartingWith(step + ": ")
        .hasMessageContainingAll(expected)
        .hasMessageContaining("(exa exit code 2, invalid-argument)");
    assertThat(pipeline.shRuns()).as("exa was asked its version, then refused").isEqualTo(2);
    assertThat(dir.resolve("data/mock-jobs")).doesNotExist();
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

  @Test
  void valuesAreJudgedByExaInTheCoresWords() {
    refusedByExa(
        "hpcPreflight",
        Map.of("cluster", "lxp", "gpus", "four"),
        "parameter 'gpus': ",
        "'four' is not a whole number");
    refusedByExa(
        "hpcPreflight",
        Map.of("cluster", "lxp", "gpus", -1),
        "parameter 'gpus': GPUs must be 0 (a CPU-only job) or more, got -1");
    refusedByExa(
        "hpcSubmit",
        Map.of("cluster", "lxp; rm -rf ~", "script", "#!/bin/sh\ntrue\n"),
        "parameter 'cluster': invalid cluster name 'lxp; rm -rf ~'");
    refusedByExa(
        "hpcSubmit",
        Map.of("cluster", "--json", "script", "#!/bin/sh\ntrue\n"),
        "parameter 'cluster': ",
        "'--json'");
    refusedByExa(
        "hpcSubmit",
        Map.of("cluster", "lxp", "script", "#!/bin/sh\n", "tag", "a tag; reboot"),
        "parameter 'tag': tag 'a tag; reboot' is not a tag");
    refusedByExa(
        "hpcSubmit",
        Map.of("cluster", "lxp", "script", "#!/bin/sh\n", "env", Map.of("A B", "1")),
        "parameter 'env': ",
        "'A B'");
    refusedByExa(
        "hpcSubmit",
        Map.of("cluster", "lxp", "script", "#!/bin/sh\n", "output", "logs/%N.out"),
        "parameter 'output': the output path 'logs/%N.out' holds %N");
    refusedByExa(
        "hpcSubmit",
        Map.of("cluster", "lxp", "script", "#!/bin/sh\n", "waitTimeout", 0),
        "parameter 'waitTimeout': the wait timeout must be from 1 to");
    refusedByExa(
        "hpcPlace", Map.of("gpus", 2, "nodes", 0), "parameter 'nodes': nodes must be at least 1");
  }

  /**
   * The step's error for a value is the CLI's for the same value: exa's message, after the step's
   * parameter in place of exa's option, with exa's exit code and kind.
   */
  @Test
  void everyStepsParameterErrorReadsAsTheClisForTheSameValue() throws Exception {
    Map<String, String> agent = MockFleet.agent(dir, 4, "ml/train", "9");
    Object[][] cases = {
      {"hpcPlace", Map.of("gpus", "four"), "gpus", new String[] {"hpc", "place", "--gpus=four"}},
      {
        "hpcPlace",
        Map.of("gpus", 2, "nodes", 0),
        "nodes",
        new String[] {"hpc", "place", "--gpus=2", "--nodes=0"}
      },
      {
        "hpcPreflight",
        Map.of("cluster", "demo", "gpus", -1),
        "gpus",
        new String[] {"hpc", "preflight", "--gpus=-1", "--", "demo"}
      },
      {
        "hpcSubmit",
        Map.of("cluster", "demo", "script", "#!/bin/sh\n", "tag", "a tag; reboot"),
        "tag",
        new String[] {
          "hpc",
          "submit",
          "--cluster=demo",
          "--tag=a tag; reboot",
          "--",
          dir.resolve("job.sh").toString()
        }
      },
      {
        "hpcSubmit",
        Map.of("cluster", "demo", "script", "#!/bin/sh\n", "time", "forever"),
        "time",
        new String[] {
          "hpc",
          "submit",
          "--cluster=demo",
          "--time=forever",
          "--",
          dir.resolve("job.sh").toString()
        }
      },
      {
        "hpcWait",
        Map.of("job", "1", "waitTimeout", 0),
        "waitTimeout",
        new String[] {"hpc", "logs", "--follow", "--follow-timeout=0", "--", "1"}
      },
      {
        "hpcCancel",
        Map.of("job", "no such job"),
        "job",
        new String[] {"hpc", "cancel", "--", "no such job"}
      },
    };
    java.nio.file.Files.writeString(dir.resolve("job.sh"), "#!/bin/sh\n");
    for (Object[] c : cases) {
      String step = (String) c[0];
      @SuppressWarnings("unchecked")
      Map<String, Object> args = (Map<String, Object>) c[1];
      String[] cli = (String[]) c[3];
      String[] json = new String[cli.length + 1];
      json[0] = "--json";
      System.arraycopy(cli, 0, json, 1, cli.length);
      Map<String, String> cliEnv = new java.util.HashMap<>(agent);
      cliEnv.put("EXAMLOPS_ACTOR", "ci");
      com.fasterxml.jackson.databind.JsonNode error =
          new com.fasterxml.jackson.databind.ObjectMapper()
              .readTree(io.examlops.fleet.cli.ExaRun.run(cliEnv, json).out())
              .get("error");
      assertThat(error).as("exa refuses %s", String.join(" ", cli)).isNotNull();
      String message = error.get("message").asText();
      String expected =
          step
              + ": "
              + (error.get("fields").isEmpty()
                      && !message.startsWith("--")
                      && !message.contains("'--")
                  ? ""
                  : "parameter '" + c[2] + "': ")
              + message.replaceFirst("^--[a-z-]+(, --[a-z-]+)*: ", "")
              + " (exa exit code "
              + error.get("exitCode").asInt()
              + ", "
              + error.get("kind").asText()
              + ")";
      Pipeline pipeline = new Pipeline(Path.of("").toAbsolutePath(), dir.resolve("ws"), agent);
      assertThatThrownBy(() -> pipeline.step(step, args))
          .as("%s %s", step, args)
          .isInstanceOf(PipelineError.class)
          .hasMessage(expected);
    }
    // and what the CLI takes, the step takes: a CPU-only placement
    Pipeline pipeline = new Pipeline(Path.of("").toAbsolutePath(), dir.resolve("ws"), agent);
    assertThat(((Map<?, ?>) pipeline.step("hpcPlace", Map.of("gpus", 0))).get("cluster"))
        .isEqualTo("demo");
  }
}
