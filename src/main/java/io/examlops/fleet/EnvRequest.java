package io.examlops.fleet;

/** The {@code EXAMLOPS_HPC_*} environment of a schedulable ACTIVE cluster. */
public record EnvRequest(String cluster) {}
