package io.examlops.fleet.scheduler.flux;

import java.util.List;
import java.util.Objects;

/**
 * One line of {@code flux resource status}: the administrative (system) view of a group of ranks.
 *
 * @param state the state as printed, with the {@code *} that marks offline ranks ({@code avail*})
 * @param baseState the state without the offline mark ({@code avail})
 * @param online whether the ranks of this line are online
 * @param ranks the ranks, ascending
 * @param nodelist their hosts as printed (sorted by Flux after merging lines, not rank-ordered)
 * @param timestamp when they were drained (epoch seconds), or {@code null}
 * @param reason the drain reason, empty when none
 */
public record FluxStatusLine(
    String state,
    String baseState,
    boolean online,
    List<Long> ranks,
    String nodelist,
    Double timestamp,
    String reason) {
  public FluxStatusLine {
    Objects.requireNonNull(state, "state");
    Objects.requireNonNull(baseState, "baseState");
    ranks = List.copyOf(ranks);
    nodelist = nodelist == null ? "" : nodelist;
    reason = reason == null ? "" : reason;
  }
}
