package io.examlops.fleet.placement;

import java.util.Locale;
import java.util.Objects;

/**
 * The approval gate's answer for one cluster, as the registry gives it: its governance state and,
 * when scheduling is refused although the state is ACTIVE, why (e.g. {@code host changed since
 * approval}).
 *
 * @param state governance state as stored ({@code PENDING}, {@code ACTIVE}, {@code REJECTED})
 * @param refusal why an ACTIVE cluster still takes no work; {@code null} when it does
 */
public record ClusterGate(String state, String refusal) {
  public static final String ACTIVE = "ACTIVE";

  public ClusterGate {
    Objects.requireNonNull(state, "state");
    state = state.trim().toUpperCase(Locale.ROOT);
    refusal = refusal == null || refusal.isBlank() ? null : refusal.trim();
  }

  public static ClusterGate active() {
    return new ClusterGate(ACTIVE, null);
  }

  public static ClusterGate inState(String state) {
    return new ClusterGate(state, null);
  }

  public static ClusterGate refused(String reason) {
    return new ClusterGate(ACTIVE, Objects.requireNonNull(reason, "reason"));
  }

  /** Only an ACTIVE cluster whose approval still holds takes work. */
  public boolean open() {
    return ACTIVE.equals(state) && refusal == null;
  }

  /** Why it takes no work: the state itself ({@code PENDING}) or the refusal; empty when open. */
  public String whyClosed() {
    if (!ACTIVE.equals(state)) {
      return state;
    }
    return refusal == null ? "" : refusal;
  }
}
