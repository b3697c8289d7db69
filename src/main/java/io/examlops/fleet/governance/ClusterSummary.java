package io.examlops.fleet.governance;

import com.fasterxml.jackson.databind.JsonNode;
import io.examlops.fleet.json.FleetJson;
import io.examlops.fleet.model.ApiSettings;
import io.examlops.fleet.model.ClusterCaps;
import io.examlops.fleet.model.ClusterDefinition;
import io.examlops.fleet.model.ClusterGovernance;
import io.examlops.fleet.model.ClusterRevision;
import io.examlops.fleet.model.ClusterState;
import io.examlops.fleet.model.Hint;
import io.examlops.fleet.model.JumpHost;
import io.examlops.fleet.model.PinnedConnection;
import io.examlops.fleet.model.RegisteredCluster;
import io.examlops.fleet.model.Schedulability;
import java.time.Instant;
import java.util.List;

/**
 * One cluster as every surface shows it: both sources of truth and the approval gate's verdict,
 * flattened. Unknown or not-applicable values are {@code null}.
 *
 * @param jumpHosts the jump hosts on the way to {@code host}, in order, each with the host key
 *     clusters.yaml names for it ({@link JumpHost#pinned()}); empty for a direct connection
 * @param changedSinceProbe how its entry in clusters.yaml (and the fingerprints in use) differ from
 *     what its last probe went through, in words: what was found then belongs to the old entry, and
 *     approving waits for a new probe; empty when they agree or no probe recorded it
 * @param cautions what approving grants beyond one account, in words, one a line ({@link
 *     ApiSettings#cautions}); empty when nothing calls for it
 * @param schedulerSettings the scheduler adapter's settings in its entry, as a person reads them
 *     ({@code Flux instance local:///run/flux/local}); empty when there are none
 * @param revision what a decision on it now rests on ({@link ClusterRevision}): a decision that
 *     expects it applies only while the cluster is still at it
 * @param notSchedulableHint what to do about {@code notSchedulableBecause}, for each surface to say
 *     in its own terms; not part of the JSON shape
 */
public record ClusterSummary(
    String name,
    ClusterState state,
    boolean schedulable,
    String notSchedulableBecause,
    String scheduler,
    String transport,
    String host,
    Integer port,
    String user,
    String keyPath,
    String hostKeyFingerprint,
    List<String> jumpHosts,
    List<String> schedulerSettings,
    boolean listedOnly,
    String requestedBy,
    Instant requestedAt,
    String decidedBy,
    Instant decidedAt,
    String rejectReason,
    ClusterCaps capabilities,
    Instant probedAt,
    List<String> changedSinceProbe,
    List<String> cautions,
    PinnedConnection pinned,
    String revision,
    @com.fasterxml.jackson.annotation.JsonIgnore Hint notSchedulableHint) {

  /** A registered cluster as every surface shows it, with the approval gate's verdict now. */
  static ClusterSummary of(
      RegisteredCluster cluster, Schedulability verdict, List<String> changedSinceProbe) {
    ClusterDefinition d = cluster.definition();
    ClusterGovernance g = cluster.governance();
    return new ClusterSummary(
        cluster.name(),
        cluster.state(),
        verdict.schedulable(),
        verdict.schedulable() ? null : verdict.reason(),
        d != null ? d.scheduler().label() : g.scheduler().label(),
        d != null ? d.transport().label() : g.transport().label(),
        d != null ? d.host() : g.host(),
        d == null ? null : d.port(),
        d == null ? null : d.user(),
        d == null ? null : d.keyPath(),
        d == null ? null : d.hostKeyFingerprint(),
        d == null ? List.of() : JumpHost.pins(d.jumps()),
        d == null ? List.of() : PinnedConnection.of(d, null, null).shownSettings(),
        cluster.listedOnly(),
        g == null ? null : g.requestedBy(),
        g == null ? null : g.requestedAt(),
        g == null ? null : g.decidedBy(),
        g == null ? null : g.decidedAt(),
        g == null ? null : g.reason(),
        g == null ? null : g.capabilities(),
        g == null ? null : g.probedAt(),
        List.copyOf(changedSinceProbe),
        d == null ? List.of() : ApiSettings.cautions(d.settings()),
        g == null ? null : g.pinned(),
        cluster.revision().text(),
        verdict.hint());
  }

  /**
   * An audit event with its details as JSON rather than text, for JSON surfaces. Keys are camelCase
   * like every other JSON key; events stored before that used snake_case ({@code previous_state})
   * and are converted as they are read.
   */
  public record Audit(
      long id,
      Instant at,
      String actor,
      String surface,
      String action,
      String cluster,
      JsonNode details) {
    public static Audit of(io.examlops.fleet.model.AuditEvent e) {
      JsonNode details;
      try {
        details =
            camelCase(
                FleetJson.mapper().readTree(e.detailsJson() == null ? "null" : e.detailsJson()));
      } catch (java.io.IOException ex) {
        details = FleetJson.mapper().getNodeFactory().textNode(e.detailsJson());
      }
      return new Audit(e.id(), e.at(), e.actor(), e.surface(), e.action(), e.cluster(), details);
    }

    private static JsonNode camelCase(JsonNode node) {
      if (node.isArray()) {
        var array = FleetJson.mapper().getNodeFactory().arrayNode();
        node.forEach(element -> array.add(camelCase(element)));
        return array;
      }
      if (!node.isObject()) {
        return node;
      }
      var object = FleetJson.mapper().getNodeFactory().objectNode();
      node.fields()
          .forEachRemaining(f -> object.set(camelCase(f.getKey()), camelCase(f.getValue())));
      return object;
    }

    /** {@code previous_state} → {@code previousState}; other keys are left as they are. */
    static String camelCase(String key) {
      if (!key.matches("[a-z][a-z0-9]*(_[a-z0-9]+)+")) {
        return key;
      }
      StringBuilder out = new StringBuilder(key.length());
      boolean upper = false;
      for (char c : key.toCharArray()) {
        if (c == '_') {
          upper = true;
        } else {
          out.append(upper ? Character.toUpperCase(c) : c);
          upper = false;
        }
      }
      return out.toString();
    }
  }
}
