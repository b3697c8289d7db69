package io.examlops.fleet.scheduler.slurm;

import com.fasterxml.jackson.databind.JsonNode;
import io.examlops.fleet.model.PartitionInfo;
import io.examlops.fleet.model.QueueLimits;
import io.examlops.fleet.scheduler.ProbeException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * slurmrestd's partitions ({@code GET /slurm/vX/partitions}): which is the default, the longest
 * time a job may ask, the most nodes, and whether the partition takes and starts jobs, which sinfo
 * does not tell in one listing. Pure.
 *
 * <p>Up to 0.0.38 a partition has {@code flags} (with {@code default}), {@code state}, {@code
 * max_time_limit} in minutes and {@code maximum_nodes_per_job}; from data_parser on {@code
 * partition.state}, {@code maximums.time} and {@code maximums.nodes} and wrapped numbers, but no
 * flags: which partition is the default is then not known (none reads as default), as in {@code
 * sinfo --json} ({@link SinfoJsonParser}).
 */
final class SlurmRestPartitions {
  private SlurmRestPartitions() {}

  static List<PartitionInfo> read(String what, JsonNode root) {
    return SlurmJson.items(
        what, root, "partitions", (i, p) -> "partition " + name(what, p), p -> partition(p));
  }

  private static String name(String what, JsonNode p) {
    String name = SlurmJson.text(p.path("name"));
    if (name == null || name.isEmpty()) {
      throw new ProbeException(what + ": a partition has no name: " + SlurmJson.abbreviate(p));
    }
    return name;
  }

  private static PartitionInfo partition(JsonNode p) {
    String name = SlurmJson.text(p.path("name"));
    JsonNode maximums = p.path("maximums");
    Long maxTime =
        maximums.isObject()
            ? SlurmJson.optional(maximums.path("time"), false)
            : SlurmJson.optional(p.path("max_time_limit"), false);
    Long maxNodes =
        maximums.isObject()
            ? SlurmJson.optional(maximums.path("nodes"), true)
            : SlurmJson.optional(p.path("maximum_nodes_per_job"), true);
    List<String> states =
        p.path("partition").path("state").isArray()
            ? SlurmJson.words(p.path("partition").path("state"))
            : List.of(p.path("state").asText("UP"));
    boolean up = has(states, "UP");
    boolean drain = has(states, "DRAIN");
    boolean takes = up || has(states, "DOWN");
    boolean starts = up || drain;
    return new PartitionInfo(
        name,
        isDefault(p),
        maxTime,
        new QueueLimits(
            null,
            maxNodes == null ? null : maxNodes.intValue(),
            takes,
            starts,
            takes && starts ? null : "partition state " + String.join(",", states)));
  }

  private static boolean isDefault(JsonNode p) {
    List<String> flags = new ArrayList<>(SlurmJson.words(p.path("flags")));
    flags.addAll(SlurmJson.words(p.path("partition").path("flags")));
    return has(flags, "DEFAULT");
  }

  private static boolean has(List<String> words, String word) {
    return words.stream().anyMatch(w -> w.toUpperCase(Locale.ROOT).equals(word));
  }
}
