package io.examlops.fleet.jobs;

import io.examlops.fleet.model.QueueEntry;
import java.util.List;

/** A live queue (docs/cli.md, {@code hpc queue}). */
public record QueueResult(String cluster, List<QueueEntry> jobs) {}
