package io.examlops.fleet.governance;

import io.examlops.fleet.model.ClusterState;
import java.time.Instant;

/** A rejection (docs/cli.md, {@code hpc reject}). */
public record RejectResult(
    String name, ClusterState state, String rejectedBy, Instant rejectedAt, String reason) {}
