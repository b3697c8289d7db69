package io.examlops.fleet.scheduler.flux;

import io.examlops.fleet.scheduler.ProbeException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What {@code flux version} (or {@code flux -V}) printed: {@code key:<spaces/tabs>value} lines.
 *
 * <p>The {@code broker:} and {@code FLUX_URI:} lines appear only when {@code FLUX_URI} is set in
 * the environment and the broker answered; over SSH it is usually unset even where a system
 * instance runs, so their absence alone does not mean "no instance".
 *
 * @param commands version of the flux command front end
 * @param libfluxCore version of libflux-core
 * @param broker version of the broker answering on FLUX_URI, or {@code null} when not printed
 * @param uri the FLUX_URI printed, or {@code null}
 * @param fields every key and value as printed, in order, unknown keys included
 */
public record FluxVersion(
    String commands, String libfluxCore, String broker, String uri, Map<String, String> fields) {

  public FluxVersion {
    fields = Map.copyOf(fields);
  }

  /** Parses the output by key name; unknown keys are kept, not rejected. */
  public static FluxVersion parse(String command, String text) {
    Map<String, String> fields = new LinkedHashMap<>();
    String[] lines = text.split("\\R");
    for (int i = 0; i < lines.length; i++) {
      String line = lines[i];
      if (line.isBlank()) {
        continue;
      }
      int colon = line.indexOf(':');
      if (colon <= 0) {
        throw ProbeException.badLine(
            command, i + 1, line, "expected 'key: value'; is this flux-core's `flux version`?");
      }
      fields.put(line.substring(0, colon).trim(), line.substring(colon + 1).trim());
    }
    String commands = fields.get("commands");
    if (commands == null || commands.isEmpty()) {
      throw new ProbeException(
          "`"
              + command
              + "` printed no 'commands:' line, so it is not flux-core's version"
              + " output; check that `flux` on this host's PATH is flux-core");
    }
    try {
      FluxRelease.parse(commands);
    } catch (IllegalArgumentException e) {
      throw new ProbeException("`" + command + "`: " + e.getMessage(), e);
    }
    return new FluxVersion(
        commands, fields.get("libflux-core"), fields.get("broker"), fields.get("FLUX_URI"), fields);
  }

  /** The release whose commands will run: the installed front end decides which options exist. */
  public FluxRelease release() {
    return FluxRelease.parse(commands);
  }

  /** The instance's version when the broker was asked, else the front end's. */
  public String reported() {
    return broker != null ? broker : commands;
  }

  /** Whether the output proves a broker answered (only when FLUX_URI was set). */
  public boolean brokerAnswered() {
    return broker != null;
  }
}
