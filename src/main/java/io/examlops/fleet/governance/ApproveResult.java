package io.examlops.fleet.governance;

import io.examlops.fleet.model.ClusterState;
import io.examlops.fleet.model.PinnedConnection;
import java.time.Instant;

/** An approval (docs/cli.md, {@code hpc approve}). */
public record ApproveResult(
    String name,
    ClusterState state,
    String approvedBy,
    Instant approvedAt,
    PinnedConnection pinned) {}
