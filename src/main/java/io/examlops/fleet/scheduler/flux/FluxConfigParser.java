package io.examlops.fleet.scheduler.flux;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.examlops.fleet.model.UnitDuration;
import io.examlops.fleet.scheduler.ProbeException;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads the queue part of the instance config that {@code flux config get} prints as JSON: {@code
 * queues.NAME.requires}, the duration limits ({@code queues.NAME.policy.limits.duration}, falling
 * back to {@code policy.limits.duration}) and the default queue ({@code
 * policy.jobspec.defaults.system.queue}).
 */
public final class FluxConfigParser {
  private static final ObjectMapper JSON = new ObjectMapper();

  private FluxConfigParser() {}

  public static FluxQueues parseQueues(String command, String json) {
    JsonNode root = root(command, json);
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

  /**
   * The policy of every queue: duration default and limit, job-size limits ({@code
   * policy.jobspec.defaults.system.duration}, {@code policy.limits.duration}, {@code
   * policy.limits.job-size.{min,max}.{nnodes,ncores,ngpus}}), each queue's own settings over the
   * instance-wide ones, as Flux applies them.
   */
  public static FluxPolicies parsePolicies(String command, String json) {
    JsonNode root = root(command, json);
    FluxQueuePolicy instance = policy(command, "policy", null, root.path("policy"), null);
    List<FluxQueuePolicy> queues = new ArrayList<>();
    JsonNode configured = root.path("queues");
    var names = configured.fieldNames();
    while (names.hasNext()) {
      String name = names.next();
      queues.add(
          policy(
              command,
              "queues." + name + ".policy",
              name,
              configured.path(name).path("policy"),
              instance));
    }
    JsonNode defaultQueue =
        root.path("policy").path("jobspec").path("defaults").path("system").path("queue");
    return new FluxPolicies(
        queues, instance, defaultQueue.isTextual() ? defaultQueue.asText() : null);
  }

  private static FluxQueuePolicy policy(
      String command, String key, String queue, JsonNode policy, FluxQueuePolicy over) {
    JsonNode defaults = policy.path("jobspec").path("defaults").path("system").path("duration");
    Limit defaultDuration = duration(command, key + ".jobspec.defaults.system.duration", defaults);
    Limit limit = limit(command, key + ".limits.duration", policy);
    JsonNode size = policy.path("limits").path("job-size");
    FluxJobSize min = size(command, key + ".limits.job-size.min", size.path("min"));
    FluxJobSize max = size(command, key + ".limits.job-size.max", size.path("max"));
    if (over == null) {
      return new FluxQueuePolicy(queue, seconds(defaultDuration), seconds(limit), min, max);
    }
    return new FluxQueuePolicy(
        queue,
        defaultDuration != null ? seconds(defaultDuration) : over.defaultDuration(),
        limit != null ? seconds(limit) : over.durationLimit(),
        min.over(over.min()),
        max.over(over.max()));
  }

  private static java.time.Duration seconds(Limit limit) {
    return limit == null || limit.seconds() == null
        ? null
        : java.time.Duration.ofMillis(Math.round(limit.seconds() * 1000));
  }

  private static FluxJobSize size(String command, String key, JsonNode bound) {
    return new FluxJobSize(
        count(command, key + ".nnodes", bound.path("nnodes")),
        count(command, key + ".ncores", bound.path("ncores")),
        count(command, key + ".ngpus", bound.path("ngpus")));
  }

  private static Integer count(String command, String key, JsonNode value) {
    if (value.isMissingNode() || value.isNull()) {
      return null;
    }
    if (!value.isIntegralNumber()) {
      throw new ProbeException(
          "`" + command + "`: " + key + " = " + value + " is not a whole number");
    }
    return value.asInt() < 0 ? null : value.asInt();
  }

  private static JsonNode root(String command, String json) {
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
    return root;
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

  /** A configured duration: {@code null} seconds = unlimited. */
  private record Limit(Double seconds) {
    /** Whole minutes, rounded down; {@code null} when unlimited. */
    Long minutes() {
      return seconds == null ? null : (long) Math.floor(seconds / 60);
    }
  }

  /** The limit configured under {@code policy}, or {@code null} when none is configured there. */
  private static Limit limit(String command, String key, JsonNode policy) {
    return duration(command, key, policy.path("limits").path("duration"));
  }

  /** A duration setting, or {@code null} when it is not configured. */
  private static Limit duration(String command, String key, JsonNode duration) {
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
    return new Limit(seconds.isInfinite() || seconds == 0 ? null : seconds);
  }

  /** Seconds of an RFC 23 Flux Standard Duration, infinity for {@code inf}; null if malformed. */
  static Double fsdSeconds(String text) {
    if (UnitDuration.isInfinite(text)) {
      return Double.POSITIVE_INFINITY;
    }
    try {
      return UnitDuration.seconds(text).doubleValue();
    } catch (IllegalArgumentException e) {
      return null;
    }
  }
}
