package io.examlops.fleet.discovery;

import java.util.Objects;

/** Which scheduler a host runs: read-only, applies nothing. */
public record DetectRequest(HostTarget target) {
  public DetectRequest {
    Objects.requireNonNull(target, "target");
  }
}
