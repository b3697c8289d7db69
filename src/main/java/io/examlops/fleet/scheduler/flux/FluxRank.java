package io.examlops.fleet.scheduler.flux;

import java.util.List;
import java.util.Objects;

/**
 * One broker rank (one node) of a Flux resource set.
 *
 * @param rank the broker rank
 * @param host its host name, or {@code rank<N>} when the set carried no nodelist (as Flux prints)
 * @param cores cores of this rank in the set
 * @param gpus GPUs of this rank in the set
 * @param properties properties of this rank, sorted (queue-named properties included)
 */
public record FluxRank(long rank, String host, int cores, int gpus, List<String> properties) {
  public FluxRank {
    Objects.requireNonNull(host, "host");
    properties = List.copyOf(properties);
  }
}
