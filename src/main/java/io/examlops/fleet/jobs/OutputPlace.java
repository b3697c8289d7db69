package io.examlops.fleet.jobs;

import io.examlops.fleet.model.ApiSettings;
import io.examlops.fleet.model.ClusterDefinition;
import io.examlops.fleet.model.ErrorKind;
import io.examlops.fleet.model.FleetException;
import io.examlops.fleet.model.TransportKind;
import java.util.Map;

/**
 * Where a job's output file is read: over its cluster's own connection, or, for a cluster reached
 * through an API that reads no files, through another cluster of the fleet that sees the same files
 * or from a mount on this machine.
 *
 * @param way how the file is reached
 * @param via the cluster read through, for {@link Way#VIA}; {@code null} otherwise
 * @param path the file as the reading side names it
 */
record OutputPlace(Way way, String via, String path) {
  enum Way {
    /** Over the job's cluster's own connection. */
    CLUSTER,
    /** Over another cluster's connection ({@link ApiSettings#OUTPUT_VIA}). */
    VIA,
    /**
     * On this machine, where the cluster's directory is mounted ({@link ApiSettings#OUTPUT_MOUNT}).
     */
    MOUNT
  }

  /**
   * Where {@code file} (a path on the job's cluster) is read from. Pure.
   *
   * @throws FleetException when the cluster offers no way to read it, saying where the file is and
   *     how a reading way is set up
   */
  static OutputPlace of(ClusterDefinition cluster, String file) {
    if (cluster.transport() != TransportKind.REST) {
      return new OutputPlace(Way.CLUSTER, null, file);
    }
    Map<String, String> settings = cluster.settings();
    String via = settings.get(ApiSettings.OUTPUT_VIA.name());
    String mount = settings.get(ApiSettings.OUTPUT_MOUNT.name());
    if (!file.startsWith("/")) {
      throw unreadable(
          cluster,
          file,
          "the job was recorded with a path relative to the job directory it started in ("
              + ApiSettings.WORKDIR.name()
              + "), which its output can no longer be found from; read it on the cluster");
    }
    if (via != null) {
      return new OutputPlace(Way.VIA, via, file);
    }
    if (mount != null) {
      ApiSettings.Mount mounted = ApiSettings.Mount.of(mount);
      return mounted
          .here(file)
          .map(local -> new OutputPlace(Way.MOUNT, null, local))
          .orElseThrow(
              () ->
                  unreadable(
                      cluster,
                      file,
                      "it is not under "
                          + mounted.cluster()
                          + ", the directory "
                          + ApiSettings.OUTPUT_MOUNT.name()
                          + " mounts at "
                          + mounted.local()
                          + "; write the job's output under it, or mount the directory it is in"));
    }
    throw unreadable(
        cluster,
        file,
        "add "
            + ApiSettings.OUTPUT_VIA.name()
            + ": CLUSTER (a cluster of the fleet, reached over SSH, that sees the same files) or "
            + ApiSettings.OUTPUT_MOUNT.name()
            + ": CLUSTER_DIR=LOCAL_DIR (where this machine mounts it) to the cluster's entry, and"
            + " have it approved again; or read it on the cluster");
  }

  private static FleetException unreadable(ClusterDefinition cluster, String file, String how) {
    return new FleetException(
        ErrorKind.CONFLICT,
        "cluster '"
            + cluster.name()
            + "' is reached through its REST API ("
            + cluster.settings().get(ApiSettings.URL.name())
            + "), which reads no files: the job's output is "
            + file
            + " on the cluster; "
            + how);
  }
}
