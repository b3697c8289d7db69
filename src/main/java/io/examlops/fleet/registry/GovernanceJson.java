package io.examlops.fleet.registry;

import io.examlops.fleet.model.ClusterCaps;
import io.examlops.fleet.model.PartitionInfo;
import io.examlops.fleet.model.QueueLimits;
import io.examlops.fleet.model.SchedulerKind;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;

/**
 * The JSON columns of {@code hpc_clusters} read back, as {@link RegistryJson} writes them (the
 * records' component names; a scheduler by its label, in capitals), with the streaming {@link
 * JsonCursor}: every command that lists or checks clusters reads them, and reading them with
 * databind was a tenth of a short command's CPU. Fields a newer version adds are skipped.
 */
final class GovernanceJson {
  private GovernanceJson() {}

  /** {@code capabilities_json}: {@code null} for JSON {@code null}. */
  static ClusterCaps capabilities(String json) {
    return JsonCursor.read(json, GovernanceJson::capabilities);
  }

  /** {@code probed_connection_json}: {@code null} for JSON {@code null}. */
  static StoredConnection connection(String json) {
    return JsonCursor.read(json, GovernanceJson::connection);
  }

  /** {@code pinned_settings_json}: in the order written. */
  static LinkedHashMap<String, String> settings(String json) {
    return JsonCursor.read(json, JsonCursor::strings);
  }

  /** {@code pinned_jumps_json}: in connection order. */
  static List<String> jumps(String json) {
    return JsonCursor.read(json, in -> in.list(JsonCursor::string));
  }

  private static ClusterCaps capabilities(JsonCursor in) throws IOException {
    if (in.nullValue()) {
      return null;
    }
    String scheduler = null;
    String version = null;
    int nodes = 0;
    int idleNodes = 0;
    int cpus = 0;
    int gpus = 0;
    Integer idleGpus = null;
    List<String> gpuTypes = null;
    List<PartitionInfo> partitions = null;
    boolean accounting = false;
    in.startObject();
    for (String field = in.field(); field != null; field = in.field()) {
      switch (field) {
        case "scheduler" -> scheduler = in.string();
        case "version" -> version = in.string();
        case "nodes" -> nodes = in.integer();
        case "idleNodes" -> idleNodes = in.integer();
        case "cpus" -> cpus = in.integer();
        case "gpus" -> gpus = in.integer();
        case "idleGpus" -> idleGpus = in.optionalInteger();
        case "gpuTypes" -> gpuTypes = in.list(JsonCursor::string);
        case "partitions" -> partitions = in.list(GovernanceJson::partition);
        case "accounting" -> accounting = in.bool();
        default -> in.skip();
      }
    }
    try {
      return new ClusterCaps(
          scheduler == null ? null : SchedulerKind.parse(scheduler),
          version,
          nodes,
          idleNodes,
          cpus,
          gpus,
          idleGpus,
          gpuTypes,
          partitions,
          accounting);
    } catch (RuntimeException e) {
      throw in.refused();
    }
  }

  private static PartitionInfo partition(JsonCursor in) throws IOException {
    if (in.nullValue()) {
      return null;
    }
    String name = null;
    boolean isDefault = false;
    Long maxTimeMinutes = null;
    QueueLimits limits = null;
    in.startObject();
    for (String field = in.field(); field != null; field = in.field()) {
      switch (field) {
        case "name" -> name = in.string();
        case "isDefault" -> isDefault = in.bool();
        case "maxTimeMinutes" -> maxTimeMinutes = in.optionalLong();
        case "limits" -> limits = limits(in);
        default -> in.skip();
      }
    }
    try {
      return new PartitionInfo(name, isDefault, maxTimeMinutes, limits);
    } catch (RuntimeException e) {
      throw in.refused();
    }
  }

  private static QueueLimits limits(JsonCursor in) throws IOException {
    if (in.nullValue()) {
      return null;
    }
    Integer maxGpusPerJob = null;
    Integer maxNodesPerJob = null;
    boolean takesJobs = false;
    boolean startsJobs = false;
    String note = null;
    in.startObject();
    for (String field = in.field(); field != null; field = in.field()) {
      switch (field) {
        case "maxGpusPerJob" -> maxGpusPerJob = in.optionalInteger();
        case "maxNodesPerJob" -> maxNodesPerJob = in.optionalInteger();
        case "takesJobs" -> takesJobs = in.bool();
        case "startsJobs" -> startsJobs = in.bool();
        case "note" -> note = in.string();
        default -> in.skip();
      }
    }
    return new QueueLimits(maxGpusPerJob, maxNodesPerJob, takesJobs, startsJobs, note);
  }

  private static StoredConnection connection(JsonCursor in) throws IOException {
    if (in.nullValue()) {
      return null;
    }
    String scheduler = null;
    String transport = null;
    String host = null;
    Integer port = null;
    String user = null;
    String keyFingerprint = null;
    String hostKeyFingerprint = null;
    LinkedHashMap<String, String> settings = null;
    List<String> jumps = null;
    in.startObject();
    for (String field = in.field(); field != null; field = in.field()) {
      switch (field) {
        case "scheduler" -> scheduler = in.string();
        case "transport" -> transport = in.string();
        case "host" -> host = in.string();
        case "port" -> port = in.optionalInteger();
        case "user" -> user = in.string();
        case "keyFingerprint" -> keyFingerprint = in.string();
        case "hostKeyFingerprint" -> hostKeyFingerprint = in.string();
        case "settings" -> settings = in.strings();
        case "jumps" -> jumps = in.list(JsonCursor::string);
        default -> in.skip();
      }
    }
    return new StoredConnection(
        scheduler,
        transport,
        host,
        port,
        user,
        keyFingerprint,
        hostKeyFingerprint,
        settings,
        jumps);
  }
}
