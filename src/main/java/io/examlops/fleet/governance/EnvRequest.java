package io.examlops.fleet.governance;

/** The {@code EXAMLOPS_HPC_*} environment of a schedulable ACTIVE cluster. */
public record EnvRequest(String cluster) {}
