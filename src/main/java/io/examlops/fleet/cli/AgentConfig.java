package io.examlops.fleet.cli;

import io.examlops.fleet.model.FleetException;
import io.examlops.fleet.model.Printable;
import io.examlops.fleet.settings.CentralServer;
import io.examlops.fleet.settings.Variables;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What a build agent's administrator decided for every {@code exa} run on it, in a file a build
 * cannot write ({@code /etc/examlops/agent.yaml}, else {@code etc/agent.yaml} of the installation
 * the launcher ran): the console every command goes to, or that this agent's own registry may be
 * used, and the Jenkins credential that holds the agent's console token. A build's environment
 * cannot undo it: with a console named here, {@code EXAMLOPS_SERVER} is that console, and another
 * value is refused rather than followed.
 *
 * <pre>
 * console: https://fleet.example.org      # central mode: the console is the fleet's gateway
 * tokenCredentialsId: hpc-fleet-token     # the secret-text credential the Jenkins steps bind
 * # local: true                           # instead: this agent's own registry (one trusted user)
 * </pre>
 *
 * @param source the file it was read from; {@code null} when the agent has none
 * @param console the console every command goes to; {@code null} when none is named
 * @param local whether this agent's own registry may be used (no console)
 * @param tokenCredentialsId the Jenkins credential holding the console token; {@code null} if none
 */
record AgentConfig(Path source, URI console, boolean local, String tokenCredentialsId) {
  /** Where an agent's administrator puts it; root-owned, so no build can write it. */
  static final Path SYSTEM_FILE = Path.of("/etc/examlops/agent.yaml");

  /** The file's place inside an installation, when {@code /etc} holds none. */
  static final Path INSTALLED_FILE = Path.of("etc", "agent.yaml");

  /** No file: a workstation, where the environment decides as it always did. */
  static final AgentConfig NONE = new AgentConfig(null, null, false, null);

  /**
   * Why exa does not run for a caller that requires an agent configuration ({@value
   * Variables#AGENT_REQUIRED}) where there is none.
   */
  static final String MISSING =
      "this agent has no HPC Fleet configuration ("
          + SYSTEM_FILE
          + "): its administrator names the fleet console there ('console:"
          + " https://fleet.example.org' and 'tokenCredentialsId: hpc-fleet-token', central mode),"
          + " or allows the agent's own registry ('local: true'); a build cannot choose either"
          + " (docs/jenkins.md)";

  /** The first of {@code candidates} that exists, read; {@link #NONE} when none does. */
  static AgentConfig firstOf(List<Path> candidates) {
    for (Path file : candidates) {
      if (Files.exists(file)) {
        // a class of its own reads it: a machine without the file loads no YAML library, and
        // every exa command starts through this one
        return AgentConfigFile.read(file);
      }
    }
    return NONE;
  }

  /**
   * The environment {@code exa} works with: the given one, with the console named here as {@code
   * EXAMLOPS_SERVER}.
   *
   * @throws FleetException when the environment names another console than this file
   */
  Map<String, String> applyTo(Map<String, String> env) {
    if (console == null) {
      return env;
    }
    String server = env.get(Variables.SERVER);
    if (server != null && !server.isBlank()) {
      URI asked;
      try {
        asked = CentralServer.address(server);
      } catch (FleetException e) {
        asked = null;
      }
      if (!console.equals(asked)) {
        throw FleetException.invalid(
            Variables.SERVER
                + " is "
                + Printable.quoted(server.strip())
                + ", but this agent's configuration ("
                + source
                + ") sends every command to "
                + console
                + ": unset "
                + Variables.SERVER
                + " (the agent's console is used), or ask the agent's administrator to change"
                + " the file",
            "server");
      }
    }
    Map<String, String> effective = new HashMap<>(env);
    effective.put(Variables.SERVER, console.toString());
    return Map.copyOf(effective);
  }
}
