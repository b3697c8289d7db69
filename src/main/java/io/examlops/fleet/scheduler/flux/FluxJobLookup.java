package io.examlops.fleet.scheduler.flux;

import io.examlops.fleet.model.Actor;
import io.examlops.fleet.model.RegisteredCluster;
import io.examlops.fleet.model.SchedulerKind;
import io.examlops.fleet.model.TrackedJob;
import io.examlops.fleet.registry.ClusterConnections;
import io.examlops.fleet.transport.CommandResult;
import io.examlops.fleet.transport.ShellQuote;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Finds a tracked Flux job by any form of its id. The numeric forms are decoded here; the mnemonic
 * words form needs Flux's word table, so each Flux cluster holding tracked jobs is asked to
 * convert it ({@code flux job id --to=dec}, read-only).
 */
public final class FluxJobLookup {
  private final ClusterConnections connections;
  private final Actor actor;

  public FluxJobLookup(ClusterConnections connections, Actor actor) {
    this.connections = connections;
    this.actor = actor;
  }

  public Optional<TrackedJob> find(String id, List<TrackedJob> jobs) {
    Set<String> fluxClusters =
        connections.registry().list().stream()
            .filter(c -> c.definition() != null && c.definition().scheduler() == SchedulerKind.FLUX)
            .map(RegisteredCluster::name)
            .collect(Collectors.toSet());
    List<TrackedJob> flux = jobs.stream().filter(j -> fluxClusters.contains(j.cluster())).toList();
    OptionalLong decoded = decode(id);
    if (decoded.isPresent()) {
      return flux.stream().filter(j -> sameId(j, decoded.getAsLong())).findFirst();
    }
    if (!FluxJobId.isWords(id)) {
      return Optional.empty();
    }
    for (String cluster : flux.stream().map(TrackedJob::cluster).distinct().toList()) {
      OptionalLong converted = convertOn(cluster, id);
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

  private OptionalLong convertOn(String cluster, String words) {
    try {
      CommandResult result =
          connections.withRunner(
              connections.cluster(cluster),
              actor,
              runner -> runner.run("flux job id --to=dec " + ShellQuote.quote(words)));
      return result.ok() ? decode(result.stdout().strip()) : OptionalLong.empty();
    } catch (RuntimeException e) {
      return OptionalLong.empty(); // an unreachable cluster cannot hold the answer
    }
  }
}
