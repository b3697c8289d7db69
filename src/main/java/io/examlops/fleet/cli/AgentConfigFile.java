package io.examlops.fleet.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.examlops.fleet.model.FleetException;
import io.examlops.fleet.model.Printable;
import io.examlops.fleet.settings.CentralServer;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.Set;

/** Reads an agent's configuration file ({@link AgentConfig}), refusing what it cannot hold. */
final class AgentConfigFile {
  private static final Set<String> KEYS = Set.of("console", "local", "tokenCredentialsId");
  private static final int MAX_BYTES = 16 * 1024;

  private AgentConfigFile() {}

  /**
   * The file's settings.
   *
   * @throws FleetException naming the file, the key and what it should hold
   */
  static AgentConfig read(Path file) {
    JsonNode root;
    try {
      if (Files.size(file) > MAX_BYTES) {
        throw invalid(file, "is larger than " + MAX_BYTES + " bytes; it holds three settings");
      }
      root = new ObjectMapper(new YAMLFactory()).readTree(Files.readString(file));
    } catch (IOException e) {
      throw invalid(
          file,
          "cannot be read ("
              + e.getClass().getSimpleName()
              + "): it must be YAML, e.g. 'console: https://fleet.example.org'");
    }
    if (root == null || !root.isObject()) {
      throw invalid(file, "must be a YAML mapping, e.g. 'console: https://fleet.example.org'");
    }
    for (Iterator<String> keys = root.fieldNames(); keys.hasNext(); ) {
      String key = keys.next();
      if (!KEYS.contains(key)) {
        throw invalid(
            file,
            "has the unknown key "
                + Printable.quoted(key)
                + "; it takes console, local and tokenCredentialsId");
      }
    }
    URI console = null;
    if (root.has("console")) {
      JsonNode value = root.get("console");
      if (!value.isTextual()) {
        throw invalid(
            file, "console must be the console's address, e.g. https://fleet.example.org");
      }
      try {
        console = CentralServer.address(value.asText());
      } catch (FleetException e) {
        throw invalid(file, "console: " + e.getMessage());
      }
    }
    JsonNode localValue = root.get("local");
    if (localValue != null && !localValue.isBoolean()) {
      throw invalid(file, "local must be true or false");
    }
    boolean local = localValue != null && localValue.asBoolean();
    if ((console == null) == !local) {
      throw invalid(
          file,
          console == null
              ? "names no console and does not allow this agent's own registry: set 'console:"
                  + " https://fleet.example.org' (central mode), or 'local: true'"
              : "names a console and allows this agent's own registry: keep one of console and"
                  + " local");
    }
    String credential = null;
    if (root.has("tokenCredentialsId")) {
      JsonNode value = root.get("tokenCredentialsId");
      if (!value.isTextual() || !value.asText().matches("[A-Za-z0-9._-]{1,100}")) {
        throw invalid(
            file,
            "tokenCredentialsId must be a Jenkins credential id (letters, digits, . _ -), e.g."
                + " hpc-fleet-token");
      }
      credential = value.asText();
    }
    return new AgentConfig(file, console, local, credential);
  }

  private static FleetException invalid(Path file, String problem) {
    return FleetException.invalid("the agent's configuration " + file + " " + problem);
  }
}
