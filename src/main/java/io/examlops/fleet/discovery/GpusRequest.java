package io.examlops.fleet.discovery;

import java.util.Objects;

/** The GPU devices of a host, as nvidia-smi reports them. */
public record GpusRequest(HostTarget target) {
  public GpusRequest {
    Objects.requireNonNull(target, "target");
  }
}
