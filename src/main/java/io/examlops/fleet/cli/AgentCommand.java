package io.examlops.fleet.cli;

import io.examlops.fleet.settings.ProductVersion;
import java.util.LinkedHashMap;
import java.util.Map;
import picocli.CommandLine.Command;

/**
 * {@code exa agent}: what this machine's agent configuration decides, as the Jenkins steps ask it
 * once per build: they follow it, never the build's environment.
 */
@Command(
    name = "agent",
    mixinStandardHelpOptions = true,
    description = {
      "Print this agent's configuration (/etc/examlops/agent.yaml, else etc/agent.yaml of the"
          + " installation): the console every command goes to (central mode), or whether this"
          + " machine's own registry may be used, and the Jenkins credential holding the console"
          + " token. A build's environment cannot change it.",
      "mode: central (a console is named), local (local: true), or unconfigured (no file: a"
          + " workstation; the Jenkins steps refuse to run on such an agent)."
    })
final class AgentCommand extends FleetCommand {
  @Override
  public Integer call() {
    AgentConfig agent = exa().agent;
    Map<String, Object> answer = new LinkedHashMap<>();
    answer.put("version", ProductVersion.get());
    answer.put(
        "mode", agent.source() == null ? "unconfigured" : agent.local() ? "local" : "central");
    answer.put("config", agent.source() == null ? null : agent.source().toString());
    answer.put("console", agent.console() == null ? null : agent.console().toString());
    answer.put("tokenCredentialsId", agent.tokenCredentialsId());
    Output output = output();
    output.emit(
        answer,
        () ->
            answer.forEach(
                (key, value) -> {
                  if (value != null) {
                    output.out().println(key + ": " + value);
                  }
                }));
    return ExitCode.OK;
  }
}
