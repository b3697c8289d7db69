package io.examlops.fleet.model;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * A cluster's governance record in platform.db, and the state machine that changes it. Every
 * transition returns a new record; none of them widens what was approved: re-registering or
 * re-probing an ACTIVE cluster keeps its approval and its pinned connection.
 *
 * @param state PENDING, ACTIVE or REJECTED
 * @param scheduler the scheduler as last registered
 * @param transport the transport as last registered
 * @param host the host as last registered ({@code null} for local)
 * @param requestedBy who asked for the cluster; {@code null} when it was only listed in
 *     clusters.yaml and an admin decided on it directly
 * @param requestedAt when it was asked for
 * @param decidedBy who approved (ACTIVE) or rejected (REJECTED) it
 * @param decidedAt when
 * @param reason why it was rejected
 * @param capabilities what the last probe found; {@code null} before any probe
 * @param probedAt when the last probe ran
 * @param observed the fingerprints the last registration or probe saw
 * @param pinned what the approval pinned; {@code null} unless ACTIVE
 * @param probedThrough the connection the last probe went through, with the fingerprints it met:
 *     what it found belongs to that entry of clusters.yaml, not to one edited since; {@code null}
 *     before any probe (and for probes recorded before platform.db kept it)
 */
public record ClusterGovernance(
    ClusterState state,
    SchedulerKind scheduler,
    TransportKind transport,
    String host,
    String requestedBy,
    Instant requestedAt,
    String decidedBy,
    Instant decidedAt,
    String reason,
    ClusterCaps capabilities,
    Instant probedAt,
    Fingerprints observed,
    PinnedConnection pinned,
    PinnedConnection probedThrough) {

  public ClusterGovernance {
    Objects.requireNonNull(state, "state");
    Objects.requireNonNull(scheduler, "scheduler");
    Objects.requireNonNull(transport, "transport");
    observed = observed == null ? Fingerprints.NONE : observed;
    boolean decided = decidedBy != null && decidedAt != null;
    boolean consistent =
        switch (state) {
          case PENDING -> decidedBy == null && pinned == null;
          case ACTIVE -> decided && pinned != null;
          case REJECTED -> decided && reason != null && pinned == null;
        };
    if (!consistent) {
      throw new IllegalStateException("inconsistent governance record in state " + state);
    }
  }

  /** A new request: PENDING, asked for by {@code actor}. */
  public static ClusterGovernance requested(
      ClusterDefinition definition, String actor, Instant at) {
    return new ClusterGovernance(
        ClusterState.PENDING,
        definition.scheduler(),
        definition.transport(),
        definition.host(),
        actor,
        at,
        null,
        null,
        null,
        null,
        null,
        Fingerprints.NONE,
        null,
        null);
  }

  /** A cluster only listed in clusters.yaml: PENDING, asked for by nobody. */
  public static ClusterGovernance listed(ClusterDefinition definition) {
    return requested(definition, null, null);
  }

  /**
   * A repeated registration. A REJECTED cluster becomes a new PENDING request; a PENDING or ACTIVE
   * one keeps its state, and an ACTIVE one keeps its approval and pin.
   */
  public ClusterGovernance reRegistered(ClusterDefinition definition, String actor, Instant at) {
    if (state == ClusterState.REJECTED) {
      return requested(definition, actor, at)
          .probed(capabilities, observed, probedAt)
          .probedVia(probedThrough);
    }
    return describing(definition);
  }

  /** The same record with the definition's scheduler, transport and host as registered. */
  public ClusterGovernance describing(ClusterDefinition definition) {
    return registeredAndProbed(
        definition.scheduler(),
        definition.transport(),
        definition.host(),
        capabilities,
        probedAt,
        observed,
        probedThrough);
  }

  /** Records what a probe found; the state and the pin are untouched. */
  public ClusterGovernance probed(ClusterCaps caps, Fingerprints seen, Instant at) {
    return registeredAndProbed(
        scheduler,
        transport,
        host,
        caps == null ? capabilities : caps,
        at == null ? probedAt : at,
        seen == null ? observed : seen,
        probedThrough);
  }

  /**
   * The same record, its last probe having gone through {@code connection}; {@code null} keeps the
   * one recorded.
   */
  public ClusterGovernance probedVia(PinnedConnection connection) {
    return connection == null
        ? this
        : registeredAndProbed(
            scheduler, transport, host, capabilities, probedAt, observed, connection);
  }

  /**
   * The same record with what was registered and what the last probe found replaced: the request,
   * the decision and the pin are untouched.
   */
  private ClusterGovernance registeredAndProbed(
      SchedulerKind scheduler,
      TransportKind transport,
      String host,
      ClusterCaps capabilities,
      Instant probedAt,
      Fingerprints observed,
      PinnedConnection probedThrough) {
    return new ClusterGovernance(
        state,
        scheduler,
        transport,
        host,
        requestedBy,
        requestedAt,
        decidedBy,
        decidedAt,
        reason,
        capabilities,
        probedAt,
        observed,
        pinned,
        probedThrough);
  }

  /**
   * How the connection a cluster's entry and the fingerprints now amount to differs from the one
   * its last probe went through, in words; empty when they agree or no probe recorded it.
   */
  public List<String> changesSinceProbe(PinnedConnection now) {
    return probedThrough == null ? List.of() : probedThrough.changesTo(now);
  }

  public ClusterGovernance approve(String actor, Instant at, PinnedConnection pin) {
    return decided(ClusterState.ACTIVE, actor, at, null, Objects.requireNonNull(pin));
  }

  public ClusterGovernance reject(String actor, Instant at, String why) {
    return decided(ClusterState.REJECTED, actor, at, Objects.requireNonNull(why), null);
  }

  /** A decision by {@code actor} at {@code at}: what was asked and found is kept. */
  private ClusterGovernance decided(
      ClusterState decision, String actor, Instant at, String why, PinnedConnection pin) {
    return new ClusterGovernance(
        decision,
        scheduler,
        transport,
        host,
        requestedBy,
        requestedAt,
        Objects.requireNonNull(actor),
        Objects.requireNonNull(at),
        why,
        capabilities,
        probedAt,
        observed,
        pin,
        probedThrough);
  }
}
