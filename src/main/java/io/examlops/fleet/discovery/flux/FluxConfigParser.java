package io.examlops.fleet.discovery.flux;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.examlops.fleet.discovery.ProbeException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the queue part of the instance config that {@code flux config get} prints as JSON: {@code
 * queues.NAME.requires}, the duration limits ({@code queues.NAME.policy.limits.duration}, falling
 * back to {@code policy.limits.duration}) and the default queue ({@code
 * policy.jobspec.defaults.system.queue}).
 */
public final class FluxConfigParser {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Pattern FSD = Pattern.compile("(\\d+(?:\\.\\d*)?|\\.\\d+)([smhd]?)");

  private FluxConfigParser() {}

  public static FluxQueues parseQueues(String command, String json) {
    JsonNode root;
    try {
      root = JSON.readTree(json == null || json.isBlank() ? "{}" : json);
    } catch (JsonProcessingException e) {
      throw new ProbeException(
          "cannot read the JSON config printed by `" + command + "`: " + e.getOriginalMessage());
    }
    if (!root.isObject()) {
      throw new ProbeException("`" + command + "` did not print a JSON object");
    }
    Limit instanceLimit = limit(command, "policy.limits.duration", root.path("policy"));
    JsonNode queues = root.path("queues");
    List<FluxQueue> result = new ArrayList<>();
    var names = queues.fieldNames();
    while (names.hasNext()) {
      String name = names.next();
      JsonNode queue = queues.path(name);
      Limit own =
          limit(command, "queues." + name + ".policy.limits.duration", queue.path("policy"));
      Limit effective = own != null ? own : instanceLimit;
      result.add(
          new FluxQueue(
              name,
              requires(command, name, queue),
              effective == null ? null : effective.minutes()));
    }
    JsonNode defaultQueue =
        root.path("policy").path("jobspec").path("defaults").path("system").path("queue");
    return new FluxQueues(result, defaultQueue.isTextual() ? defaultQueue.asText() : null);
  }

  private static List<String> requires(String command, String name, JsonNode queue) {
    List<String> requires = new ArrayList<>();
    JsonNode node = queue.path("requires");
    if (node.isMissingNode()) {
      return requires;
    }
    if (!node.isArray()) {
      throw new ProbeException(
          "`" + command + "`: queues." + name + ".requires is not a list of property names");
    }
    node.forEach(p -> requires.add(p.asText()));
    return requires;
  }

  /**
   * A configured duration limit: whole minutes (rounded down), {@code null} minutes = unlimited.
   */
  private record Limit(Long minutes) {}

  /** The limit configured under {@code policy}, or {@code null} when none is configured there. */
  private static Limit limit(String command, String key, JsonNode policy) {
    JsonNode duration = policy.path("limits").path("duration");
    if (duration.isMissingNode() || duration.isNull()) {
      return null;
    }
    Double seconds =
        duration.isNumber() ? Double.valueOf(duration.asDouble()) : fsdSeconds(duration.asText());
    if (seconds == null) {
      throw new ProbeException(
          "`"
              + command
              + "`: "
              + key
              + " = '"
              + duration.asText()
              + "' is not a Flux Standard Duration such as 30m, 4h or 1.5d");
    }
    // Flux documents "0" as unlimited; inf is unlimited too.
    return new Limit(seconds.isInfinite() || seconds == 0 ? null : (long) Math.floor(seconds / 60));
  }

  /** Seconds of an RFC 23 Flux Standard Duration, infinity for {@code inf}; null if malformed. */
  static Double fsdSeconds(String text) {
    String t = text.trim().toLowerCase(Locale.ROOT);
    if (t.equals("inf") || t.equals("infinity")) {
      return Double.POSITIVE_INFINITY;
    }
    Matcher m = FSD.matcher(t);
    if (!m.matches()) {
      return null;
    }
    double value = Double.parseDouble(m.group(1));
    return switch (m.group(2)) {
      case "m" -> value * 60;
      case "h" -> value * 3600;
      case "d" -> value * 86400;
      default -> value;
    };
  }
}
