package io.examlops.fleet.governance;

import io.examlops.fleet.discovery.HostTarget;
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
  public ConnectRequest {
    Objects.requireNonNull(target, "target");
  }
}
