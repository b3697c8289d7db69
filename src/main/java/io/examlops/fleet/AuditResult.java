package io.examlops.fleet;

import java.util.List;

/** Audit events (docs/cli.md, {@code hpc audit}). */
public record AuditResult(List<ClusterSummary.Audit> events) {}
