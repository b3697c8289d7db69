package io.examlops.fleet.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.examlops.fleet.Fleet;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An agent's configuration decides for every exa on it: the console it names is the one every
 * command goes to whatever the environment says, a bad file is refused naming the file and the key,
 * and a caller that requires a configuration gets none of exa's work where there is none.
 */
class AgentConfigTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  @TempDir Path dir;

  private AgentConfig written(String yaml) throws Exception {
    Path file = dir.resolve("agent.yaml");
    Files.writeString(file, yaml);
    return AgentConfig.firstOf(List.of(dir.resolve("absent.yaml"), file));
  }

  private static ExaRun run(AgentConfig agent, Map<String, String> env, String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code =
        Exa.execute(
            args, env, agent, new PrintWriter(out, true), new PrintWriter(err, true), Fleet::of);
    return new ExaRun(code, out.toString(), err.toString());
  }

  @Test
  void theConsoleItNamesIsTheOneEveryCommandGoesTo() throws Exception {
    AgentConfig agent =
        written("console: https://fleet.example.org/\ntokenCredentialsId: hpc-fleet-token\n");
    assertThat(agent.applyTo(Map.of()))
        .containsEntry("EXAMLOPS_SERVER", "https://fleet.example.org");
    assertThat(agent.applyTo(Map.of("EXAMLOPS_SERVER", " ")))
        .containsEntry("EXAMLOPS_SERVER", "https://fleet.example.org");
    assertThat(agent.applyTo(Map.of("EXAMLOPS_SERVER", "https://fleet.example.org/")))
        .containsEntry("EXAMLOPS_SERVER", "https://fleet.example.org");

    ExaRun elsewhere =
        run(agent, Map.of("EXAMLOPS_SERVER", "http://127.0.0.1:9"), "hpc", "clusters");
    assertThat(elsewhere.exitCode()).isEqualTo(ExitCode.USAGE);
    assertThat(elsewhere.err())
        .contains(
            "EXAMLOPS_SERVER is 'http://127.0.0.1:9', but this agent's configuration ("
                + dir.resolve("agent.yaml")
                + ") sends every command to https://fleet.example.org: unset EXAMLOPS_SERVER");

    JsonNode said = JSON.readTree(run(agent, Map.of(), "--json", "agent").out());
    assertThat(said.get("mode").asText()).isEqualTo("central");
    assertThat(said.get("console").asText()).isEqualTo("https://fleet.example.org");
    assertThat(said.get("tokenCredentialsId").asText()).isEqualTo("hpc-fleet-token");
    assertThat(said.get("config").asText()).isEqualTo(dir.resolve("agent.yaml").toString());
  }

  @Test
  void anAgentThatAllowsItsOwnRegistryLeavesTheEnvironmentAsItIs() throws Exception {
    AgentConfig agent = written("local: true\n");
    Map<String, String> env = Map.of("EXAMLOPS_HPC_REGISTRY", "/x/clusters.yaml");
    assertThat(agent.applyTo(env)).isEqualTo(env);
    assertThat(JSON.readTree(run(agent, Map.of(), "--json", "agent").out()).get("mode").asText())
        .isEqualTo("local");
  }

  @Test
  void aBadFileIsRefusedNamingTheFileAndWhatItShouldHold() throws Exception {
    Map<String, String> refusals =
        Map.of(
            "console: https://a.example.org\nserver: x\n", "has the unknown key 'server'",
            "console: https://a.example.org\nlocal: true\n", "keep one of console and local",
            "tokenCredentialsId: x\n", "names no console and does not allow",
            "local: yes please\n", "local must be true or false",
            "console: ftp://a.example.org\n", "which is not a console address",
            "console: https://a.example.org\ntokenCredentialsId: 'a b'\n",
                "tokenCredentialsId must be a Jenkins credential id",
            "- console\n", "must be a YAML mapping",
            "console: [\n", "cannot be read");
    for (var refusal : refusals.entrySet()) {
      try {
        written(refusal.getKey());
        throw new AssertionError("accepted: " + refusal.getKey());
      } catch (io.examlops.fleet.model.FleetException e) {
        assertThat(e.getMessage())
            .as(refusal.getKey())
            .startsWith("the agent's configuration " + dir.resolve("agent.yaml") + " ")
            .contains(refusal.getValue());
      }
    }
  }

  @Test
  void aCallerThatRequiresAConfigurationGetsNothingDoneWhereThereIsNone() {
    ExaRun refused =
        run(AgentConfig.NONE, Map.of("EXAMLOPS_AGENT_REQUIRED", "true"), "--json", "agent");
    assertThat(refused.exitCode()).isEqualTo(ExitCode.USAGE);
    assertThat(refused.out())
        .contains("this agent has no HPC Fleet configuration (/etc/examlops/agent.yaml)");
    ExaRun workstation = run(AgentConfig.NONE, Map.of(), "--json", "agent");
    assertThat(workstation.exitCode()).isZero();
    assertThat(workstation.out()).contains("\"mode\" : \"unconfigured\"");
  }
}
