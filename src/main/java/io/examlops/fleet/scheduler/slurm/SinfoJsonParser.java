package io.examlops.fleet.scheduler.slurm;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.examlops.fleet.model.NodeInfo;
import io.examlops.fleet.scheduler.ProbeException;
import java.util.ArrayList;
import java.util.List;

/**
 * Parses {@code sinfo --json} (Slurm 21.08 and later) into a {@link SinfoSnapshot}: pure, no I/O.
 *
 * <p>Two shapes exist, told apart by their top-level array (and named in {@code meta}):
 *
 * <ul>
 *   <li>{@code "nodes": [...]} from openapi/v0.0.37 (21.08) and v0.0.38 (22.05): one object per
 *       node, {@code state} a word plus {@code state_flags}, {@code partitions} names only.
 *   <li>{@code "sinfo": [...]} from data_parser/v0.0.39 (23.02) onwards: one record per group of
 *       like nodes per partition, {@code node.state} an array, numbers either plain or {@code
 *       {"set","infinite","number"}}, and the partition with its {@code maximums.time}.
 * </ul>
 *
 * Neither shape says which partition is the default (the data_parser skips partition flags), so
 * every JSON partition reads as not default.
 */
public final class SinfoJsonParser {
  private static final ObjectMapper JSON = new ObjectMapper();

  private SinfoJsonParser() {}

  /**
   * What the JSON said and which Slurm printed it.
   *
   * @param snapshot nodes and partitions
   * @param slurmRelease {@code meta.Slurm.release} / {@code meta.slurm.release}, or null
   * @param dataFormat the openapi or data_parser plugin that shaped the output, or null
   */
  public record Document(SinfoSnapshot snapshot, String slurmRelease, String dataFormat) {}

  public static Document parse(String command, String json) {
    JsonNode root;
    try {
      root = JSON.readTree(json);
    } catch (JsonProcessingException e) {
      var at = e.getLocation();
      throw ProbeException.badLine(
          command,
          at == null ? 0 : at.getLineNr(),
          lineOf(json, at == null ? 0 : at.getLineNr()),
          "not valid JSON: " + e.getOriginalMessage());
    }
    if (root == null || !root.isObject()) {
      throw new ProbeException("`" + command + "` printed no JSON object; is this Slurm >= 21.08?");
    }
    JsonNode errors = root.path("errors");
    if (errors.isArray() && !errors.isEmpty()) {
      throw new ProbeException("`" + command + "` reported errors: " + errors);
    }
    String release = text(root.path("meta").path("Slurm").path("release"));
    if (release == null) {
      release = text(root.path("meta").path("slurm").path("release"));
    }
    SinfoSnapshot.Builder snapshot = new SinfoSnapshot.Builder();
    try {
      if (root.path("sinfo").isArray()) {
        root.path("sinfo").forEach(record -> readGroup(record, snapshot));
      } else if (root.path("nodes").isArray()) {
        root.path("nodes").forEach(node -> readNode(node, snapshot));
      } else {
        throw new ProbeException(
            "`"
                + command
                + "` printed JSON with neither a 'sinfo' nor a 'nodes' array (format "
                + dataFormat(root)
                + "); this sinfo JSON shape is not supported, use the text form");
      }
    } catch (IllegalArgumentException e) {
      throw new ProbeException(
          "cannot read `" + command + "` (" + dataFormat(root) + "): " + e.getMessage(), e);
    }
    return new Document(snapshot.build(), release, dataFormat(root));
  }

  /** 21.08 / 22.05: one object per node. */
  private static void readNode(JsonNode node, SinfoSnapshot.Builder snapshot) {
    String name = required(node, "name");
    List<String> partitions = new ArrayList<>();
    node.path("partitions").forEach(p -> partitions.add(p.asText()));
    partitions.forEach(p -> snapshot.partition(SinfoSnapshot.partition(p, null)));
    JsonNode state = node.path("state");
    SlurmNodeState slurmState =
        state.isArray()
            ? SlurmNodeState.ofWords(null, words(state))
            : SlurmNodeState.ofWords(text(state), words(node.path("state_flags")));
    snapshot.node(
        new NodeInfo(
            name,
            (int) number(node.path("cpus"), name + " cpus"),
            number(node.path("real_memory"), name + " real_memory"),
            Gres.gpus(text(node.path("gres"))),
            node.has("gres_used") ? Gres.gpuCount(text(node.path("gres_used"))) : null,
            slurmState.normalized(),
            slurmState.raw(),
            partitions,
            SinfoSnapshot.features(text(node.path("features"))),
            reason(node.path("reason"))));
  }

  /** 23.02+: a group of like nodes in one partition. */
  private static void readGroup(JsonNode record, SinfoSnapshot.Builder snapshot) {
    JsonNode partition = record.path("partition");
    List<String> partitions = new ArrayList<>();
    String partitionName = text(partition.path("name"));
    if (partitionName != null && !partitionName.isEmpty()) {
      snapshot.partition(
          SinfoSnapshot.partition(partitionName, limit(partition.path("maximums").path("time"))));
      partitions.add(partitionName);
    }
    SlurmNodeState slurmState =
        SlurmNodeState.ofWords(null, words(record.path("node").path("state")));
    JsonNode names = record.path("nodes").path("nodes");
    if (!names.isArray() || names.isEmpty()) {
      throw new IllegalArgumentException(
          "a sinfo record has no nodes.nodes list: " + abbreviate(record));
    }
    JsonNode gres = record.path("gres");
    for (JsonNode name : names) {
      snapshot.node(
          new NodeInfo(
              name.asText(),
              (int) number(record.path("cpus").path("minimum"), name.asText() + " cpus.minimum"),
              number(record.path("memory").path("minimum"), name.asText() + " memory.minimum"),
              Gres.gpus(text(gres.path("total"))),
              gres.has("used") ? Gres.gpuCount(text(gres.path("used"))) : null,
              slurmState.normalized(),
              slurmState.raw(),
              partitions,
              SinfoSnapshot.features(text(record.path("features").path("total"))),
              reason(record.path("reason"))));
    }
  }

  /** A plain string up to 22.05; {@code {"description","time","user"}} from data_parser v0.0.39. */
  private static String reason(JsonNode value) {
    return SinfoSnapshot.reason(text(value.isObject() ? value.path("description") : value));
  }

  private static String dataFormat(JsonNode root) {
    JsonNode meta = root.path("meta");
    for (JsonNode plugin : List.of(meta.path("plugin"), meta.path("plugins"))) {
      String parser = text(plugin.path("data_parser"));
      if (parser != null && !parser.isEmpty()) {
        return parser;
      }
      String type = text(plugin.path("type"));
      if (type != null && !type.isEmpty()) {
        return type;
      }
    }
    return "unknown format";
  }

  private static List<String> words(JsonNode array) {
    List<String> words = new ArrayList<>();
    array.forEach(w -> words.add(w.asText()));
    return words;
  }

  /** A number, plain or in the {"set","infinite","number"} wrapper of data_parser v0.0.39+. */
  private static long number(JsonNode value, String what) {
    JsonNode n = value.isObject() ? value.path("number") : value;
    if (!n.canConvertToLong() || n.asLong() < 0) {
      throw new IllegalArgumentException(what + " is not a count: " + value);
    }
    return n.asLong();
  }

  /** A time limit in minutes; null when unset or infinite. */
  private static Long limit(JsonNode value) {
    if (value.isMissingNode() || value.isNull()) {
      return null;
    }
    if (value.isObject()) {
      boolean set = value.path("set").asBoolean(false);
      boolean infinite = value.path("infinite").asBoolean(false);
      return set && !infinite ? value.path("number").asLong() : null;
    }
    return value.canConvertToLong() ? value.asLong() : null;
  }

  private static String required(JsonNode node, String field) {
    String value = text(node.path(field));
    if (value == null || value.isEmpty()) {
      throw new IllegalArgumentException("a node has no '" + field + "': " + abbreviate(node));
    }
    return value;
  }

  private static String text(JsonNode value) {
    return value.isMissingNode() || value.isNull() ? null : value.asText();
  }

  private static String abbreviate(JsonNode node) {
    String text = node.toString();
    return text.length() <= 120 ? text : text.substring(0, 120) + "…";
  }

  private static String lineOf(String text, int lineNumber) {
    String[] lines = text.split("\n", -1);
    return lineNumber >= 1 && lineNumber <= lines.length ? lines[lineNumber - 1] : "";
  }
}
