package io.examlops.fleet.governance;

import io.examlops.fleet.discovery.HostTarget;
import io.examlops.fleet.model.ClusterName;
import java.util.Objects;

/**
 * Probe a host and register it as a PENDING cluster.
 *
 * @param name the cluster name to register it under
 * @param target the host; {@link HostTarget#LOCAL} registers this machine
 * @param scheduler {@code slurm}, {@code flux} or {@code mock} the user expects; {@code null}: what
 *     detection finds
 */
public record ConnectRequest(String name, HostTarget target, String scheduler) {
  /**
   * @throws io.examlops.fleet.model.FleetException naming {@code name} when it is no cluster name:
   *     before any host is reached
   */
  public ConnectRequest {
    ClusterName.require(name, "name");
    Objects.requireNonNull(target, "target");
  }
}
