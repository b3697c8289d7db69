package io.examlops.fleet.governance;

import io.examlops.fleet.model.RegisteredCluster;
import io.examlops.fleet.model.Schedulability;

/** A registered cluster with the approval gate's verdict on it now. */
public record ClusterStatus(RegisteredCluster cluster, Schedulability schedulability) {}
