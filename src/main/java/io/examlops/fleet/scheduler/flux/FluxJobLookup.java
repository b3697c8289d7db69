package io.examlops.fleet.scheduler.flux;

import io.examlops.fleet.model.TrackedJob;
import io.examlops.fleet.scheduler.SchedulerAdapter.ClusterCommands;
import io.examlops.fleet.transport.CommandResult;
import io.examlops.fleet.transport.ShellQuote;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Finds a tracked Flux job by any form of its id. The numeric forms are decoded here; the mnemonic
 * words form needs Flux's word table, so each Flux cluster holding tracked jobs is asked to convert
 * it ({@code flux job id --to=dec}, read-only).
 */
final class FluxJobLookup {
  private FluxJobLookup() {}

  /** {@code flux} holds the tracked jobs of Flux clusters only. */
  static Optional<TrackedJob> find(String id, List<TrackedJob> flux, ClusterCommands onCluster) {
    OptionalLong decoded = decode(id);
    if (decoded.isPresent()) {
      return flux.stream().filter(j -> sameId(j, decoded.getAsLong())).findFirst();
    }
    if (!FluxJobId.isWords(id)) {
      return Optional.empty();
    }
    for (String cluster : flux.stream().map(TrackedJob::cluster).distinct().toList()) {
      OptionalLong converted = convertOn(onCluster, cluster, id);
      if (converted.isPresent()) {
        Optional<TrackedJob> found =
            flux.stream()
                .filter(j -> j.cluster().equals(cluster) && sameId(j, converted.getAsLong()))
                .findFirst();
        if (found.isPresent()) {
          return found;
        }
      }
    }
    return Optional.empty();
  }

  private static boolean sameId(TrackedJob job, long id) {
    OptionalLong stored = decode(job.schedulerJobId());
    return stored.isPresent() && stored.getAsLong() == id;
  }

  private static OptionalLong decode(String id) {
    try {
      return id == null ? OptionalLong.empty() : OptionalLong.of(FluxJobId.parse(id));
    } catch (IllegalArgumentException e) {
      return OptionalLong.empty();
    }
  }

  private static OptionalLong convertOn(ClusterCommands onCluster, String cluster, String words) {
    try {
      CommandResult result =
          onCluster.run(cluster, "flux job id --to=dec " + ShellQuote.quote(words));
      return result.ok() ? decode(result.stdout().strip()) : OptionalLong.empty();
    } catch (RuntimeException e) {
      return OptionalLong.empty(); // an unreachable cluster cannot hold the answer
    }
  }
}
