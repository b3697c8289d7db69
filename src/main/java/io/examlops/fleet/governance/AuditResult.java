package io.examlops.fleet.governance;

import java.util.List;

/** Audit events (docs/cli.md, {@code hpc audit}). */
public record AuditResult(List<ClusterSummary.Audit> events) {}
