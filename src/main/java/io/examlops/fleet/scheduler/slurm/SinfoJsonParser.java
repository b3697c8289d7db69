package io.examlops.fleet.scheduler.slurm;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.examlops.fleet.model.NodeInfo;
import io.examlops.fleet.scheduler.ProbeException;
import java.util.ArrayList;
import java.util.List;

/**
 * Parses {@code sinfo --json} (Slurm 21.08 and later), and slurmrestd's node listing, which the
 * same plugins shape, into a {@link SinfoSnapshot}: pure, no I/O.
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
    return read(command, root);
  }

  /**
   * The same from JSON already read: slurmrestd's {@code GET /slurm/vX/nodes} answers with the
   * {@code nodes} shape of the same plugins.
   *
   * @param command what printed it, for messages (a command, or a request)
   */
  public static Document read(String command, JsonNode root) {
    JsonNode errors = root.path("errors");
    if (errors.isArray() && !errors.isEmpty()) {
      throw new ProbeException("`" + command + "` reported errors: " + errors);
    }
    String release = SlurmJson.text(root.path("meta").path("Slurm").path("release"));
    if (release == null) {
      release = SlurmJson.text(root.path("meta").path("slurm").path("release"));
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
            ? SlurmNodeState.ofWords(null, SlurmJson.words(state))
            : SlurmNodeState.ofWords(
                SlurmJson.text(state), SlurmJson.words(node.path("state_flags")));
    snapshot.node(
        new NodeInfo(
            name,
            (int) SlurmJson.count(node.path("cpus"), name + " cpus"),
            SlurmJson.count(node.path("real_memory"), name + " real_memory"),
            Gres.gpus(SlurmJson.text(node.path("gres"))),
            node.has("gres_used") ? Gres.gpuCount(SlurmJson.text(node.path("gres_used"))) : null,
            slurmState.normalized(),
            slurmState.raw(),
            partitions,
            SinfoSnapshot.features(SlurmJson.text(node.path("features"))),
            reason(node.path("reason"))));
  }

  /** 23.02+: a group of like nodes in one partition. */
  private static void readGroup(JsonNode record, SinfoSnapshot.Builder snapshot) {
    JsonNode partition = record.path("partition");
    List<String> partitions = new ArrayList<>();
    String partitionName = SlurmJson.text(partition.path("name"));
    if (partitionName != null && !partitionName.isEmpty()) {
      snapshot.partition(
          SinfoSnapshot.partition(
              partitionName, SlurmJson.optional(partition.path("maximums").path("time"), false)));
      partitions.add(partitionName);
    }
    SlurmNodeState slurmState =
        SlurmNodeState.ofWords(null, SlurmJson.words(record.path("node").path("state")));
    JsonNode names = record.path("nodes").path("nodes");
    if (!names.isArray() || names.isEmpty()) {
      throw new IllegalArgumentException(
          "a sinfo record has no nodes.nodes list: " + SlurmJson.abbreviate(record));
    }
    JsonNode gres = record.path("gres");
    for (JsonNode name : names) {
      snapshot.node(
          new NodeInfo(
              name.asText(),
              (int)
                  SlurmJson.count(
                      record.path("cpus").path("minimum"), name.asText() + " cpus.minimum"),
              SlurmJson.count(
                  record.path("memory").path("minimum"), name.asText() + " memory.minimum"),
              Gres.gpus(SlurmJson.text(gres.path("total"))),
              gres.has("used") ? Gres.gpuCount(SlurmJson.text(gres.path("used"))) : null,
              slurmState.normalized(),
              slurmState.raw(),
              partitions,
              SinfoSnapshot.features(SlurmJson.text(record.path("features").path("total"))),
              reason(record.path("reason"))));
    }
  }

  /** A plain string up to 22.05; {@code {"description","time","user"}} from data_parser v0.0.39. */
  private static String reason(JsonNode value) {
    return SinfoSnapshot.reason(
        SlurmJson.text(value.isObject() ? value.path("description") : value));
  }

  private static String dataFormat(JsonNode root) {
    JsonNode meta = root.path("meta");
    for (JsonNode plugin : List.of(meta.path("plugin"), meta.path("plugins"))) {
      String parser = SlurmJson.text(plugin.path("data_parser"));
      if (parser != null && !parser.isEmpty()) {
        return parser;
      }
      String type = SlurmJson.text(plugin.path("type"));
      if (type != null && !type.isEmpty()) {
        return type;
      }
    }
    return "unknown format";
  }

  private static String required(JsonNode node, String field) {
    String value = SlurmJson.text(node.path(field));
    if (value == null || value.isEmpty()) {
      throw new IllegalArgumentException(
          "a node has no '" + field + "': " + SlurmJson.abbreviate(node));
    }
    return value;
  }

  private static String lineOf(String text, int lineNumber) {
    String[] lines = text.split("\n", -1);
    return lineNumber >= 1 && lineNumber <= lines.length ? lines[lineNumber - 1] : "";
  }
}
