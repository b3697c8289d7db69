package io.examlops.fleet.scheduler.flux;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.examlops.fleet.hostlist.Hostlist;
import io.examlops.fleet.scheduler.ProbeException;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads RFC 20 "R" JSON (version 1), as {@code flux resource R -s STATE} prints it, into a {@link
 * FluxResourceSet}.
 *
 * <p>{@code execution.R_lite[]} gives rank idsets with {@code children} core/gpu idsets; {@code
 * execution.nodelist} is a list of hostlists whose concatenation names the ranks in ascending rank
 * order (so {@code pi[3,0-1]} names ranks 0,1,2 pi3,pi0,pi1); without a nodelist Flux names ranks
 * {@code rank<N>}, and so do we. {@code execution.properties} maps a property to the idset of ranks
 * that have it.
 */
public final class FluxRParser {
  private static final ObjectMapper JSON = new ObjectMapper();

  private FluxRParser() {}

  public static FluxResourceSet parse(String command, String json) {
    JsonNode root = readTree(command, json);
    if (!root.isObject()) {
      throw bad(command, "the output is not a JSON object");
    }
    JsonNode version = root.path("version");
    if (!version.isMissingNode() && version.asInt(-1) != 1) {
      throw bad(command, "R version " + version + " is not version 1, the only one RFC 20 defines");
    }
    JsonNode execution = root.path("execution");
    if (!execution.isObject()) {
      throw bad(command, "no 'execution' object");
    }
    FluxResourceSet.Builder set = new FluxResourceSet.Builder();
    JsonNode rLite = execution.path("R_lite");
    if (!rLite.isMissingNode() && !rLite.isNull() && !rLite.isArray()) {
      throw bad(command, "'execution.R_lite' is not an array");
    }
    for (int i = 0; i < rLite.size(); i++) {
      readEntry(command, i, rLite.get(i), set);
    }
    readProperties(command, execution.path("properties"), set);
    assignHosts(command, set, set.rankIds(), nodelist(command, execution.path("nodelist")));
    return set.build();
  }

  /**
   * Names sorted ranks by a rank-ordered host list; an empty host list keeps Flux's {@code rank<N>}
   * names.
   */
  static void assignHosts(
      String command, FluxResourceSet.Builder set, List<Long> sortedRanks, List<String> hosts) {
    if (hosts.isEmpty()) {
      return;
    }
    if (hosts.size() != sortedRanks.size()) {
      throw bad(
          command,
          "the nodelist names "
              + hosts.size()
              + " hosts but the resource set has "
              + sortedRanks.size()
              + " ranks");
    }
    for (int i = 0; i < hosts.size(); i++) {
      set.host(sortedRanks.get(i), hosts.get(i));
    }
  }

  private static void readEntry(
      String command, int index, JsonNode entry, FluxResourceSet.Builder set) {
    String where = "R_lite[" + index + "]";
    String ranks = text(command, entry.path("rank"), where + ".rank");
    JsonNode children = entry.path("children");
    if (!children.isObject()) {
      throw bad(command, where + " has no 'children' object");
    }
    String cores = optionalText(command, children.path("core"), where + ".children.core");
    String gpus = optionalText(command, children.path("gpu"), where + ".children.gpu");
    try {
      for (long rank : FluxResourceSet.Builder.ranks(ranks)) {
        set.add(rank, cores, gpus);
      }
    } catch (IllegalArgumentException e) {
      throw bad(command, where + ": " + e.getMessage());
    }
  }

  private static void readProperties(
      String command, JsonNode properties, FluxResourceSet.Builder set) {
    if (properties.isMissingNode() || properties.isNull()) {
      return;
    }
    if (!properties.isObject()) {
      throw bad(command, "'execution.properties' is not an object");
    }
    for (var field : properties.properties()) {
      String ranks = text(command, field.getValue(), "properties." + field.getKey());
      try {
        for (long rank : FluxResourceSet.Builder.ranks(ranks)) {
          // A property on a rank without resources is meaningless; Flux never prints one.
          if (set.has(rank)) {
            set.property(rank, field.getKey());
          }
        }
      } catch (IllegalArgumentException e) {
        throw bad(command, "properties." + field.getKey() + ": " + e.getMessage());
      }
    }
  }

  private static List<String> nodelist(String command, JsonNode nodelist) {
    List<String> hosts = new ArrayList<>();
    if (nodelist.isMissingNode() || nodelist.isNull()) {
      return hosts;
    }
    if (!nodelist.isArray()) {
      throw bad(command, "'execution.nodelist' is not an array of hostlists");
    }
    for (JsonNode item : nodelist) {
      String expression = text(command, item, "nodelist");
      try {
        hosts.addAll(Hostlist.expand(expression, Hostlist.Dialect.FLUX));
      } catch (IllegalArgumentException e) {
        throw bad(command, "nodelist: " + e.getMessage());
      }
    }
    return hosts;
  }

  private static JsonNode readTree(String command, String json) {
    if (json == null || json.isBlank()) {
      throw bad(command, "it printed nothing");
    }
    try {
      return JSON.readTree(json);
    } catch (JsonProcessingException e) {
      var at = e.getLocation();
      throw bad(
          command,
          "not valid JSON"
              + (at == null ? "" : " at line " + at.getLineNr() + " column " + at.getColumnNr())
              + ": "
              + e.getOriginalMessage());
    }
  }

  private static String text(String command, JsonNode node, String where) {
    if (!node.isTextual()) {
      throw bad(command, where + " should be a string but is " + describe(node));
    }
    return node.asText();
  }

  private static String optionalText(String command, JsonNode node, String where) {
    return node.isMissingNode() || node.isNull() ? "" : text(command, node, where);
  }

  private static String describe(JsonNode node) {
    return node.isMissingNode()
        ? "missing"
        : node.getNodeType().name().toLowerCase(java.util.Locale.ROOT);
  }

  private static ProbeException bad(String command, String problem) {
    return new ProbeException(
        "cannot read the RFC 20 resource set (R) printed by `"
            + command
            + "`: "
            + problem
            + ". Run the command on the login node and check that it prints one JSON object.");
  }
}
