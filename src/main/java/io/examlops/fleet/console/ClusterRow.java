package io.examlops.fleet.console;

import io.examlops.fleet.governance.ClusterSummary;
import io.examlops.fleet.model.ClusterState;
import io.examlops.fleet.model.PinnedConnection;
import io.examlops.fleet.model.TransportKind;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * One line of the Fleet page: the cluster as every surface shows it, its live capacity from the
 * latest snapshot, and what an admin approves. Unknown figures are {@code null}.
 *
 * @param utilization GPUs in use over GPUs in total, percent with one decimal
 * @param gpuHours GPU-hours of tracked jobs, in words ("12.50", "3.00 + 1 job unknown")
 * @param snapshotAt when the figures were taken; {@code null} when no snapshot exists
 */
public record ClusterRow(
    ClusterSummary summary,
    Integer totalGpus,
    Integer idleGpus,
    String utilization,
    String gpuHours,
    String cost,
    Instant snapshotAt,
    Approval approval,
    RefreshStatus refresh) {

  /**
   * What approving the cluster pins, as it is now.
   *
   * @param keyFingerprint the SSH key's fingerprint now ({@code ssh-agent key SHA256:...} for the
   *     agent's key); {@code null} for a local cluster
   * @param jumpHosts each jump host on the way with its host key, in order; empty: direct
   * @param settings the scheduler adapter's settings, as a person reads them ("Flux instance
   *     local:///run/flux/local")
   * @param gpus the GPUs discovery found, e.g. "8 (a100)"
   */
  public record Approval(
      String transport,
      String host,
      Integer port,
      String user,
      String keyFingerprint,
      String hostKeyFingerprint,
      List<String> jumpHosts,
      String scheduler,
      List<String> settings,
      List<String> partitions,
      String gpus) {

    /** Every pin as a labelled line, as the review panel and the confirm page list them. */
    public List<Page.Fact> facts() {
      List<Page.Fact> facts =
          new ArrayList<>(
              connection(
                  transport,
                  host,
                  port,
                  user,
                  keyFingerprint,
                  hostKeyFingerprint,
                  jumpHosts,
                  scheduler,
                  settings));
      facts.add(
          new Page.Fact("Partitions", partitions.isEmpty() ? "-" : String.join(", ", partitions)));
      facts.add(new Page.Fact("GPUs found", gpus));
      return facts;
    }
  }

  /** A connection's pins as labelled lines, the same labels for what is and what was approved. */
  private static List<Page.Fact> connection(
      String transport,
      String host,
      Integer port,
      String user,
      String key,
      String hostKey,
      List<String> jumpHosts,
      String scheduler,
      List<String> settings) {
    boolean rest = TransportKind.REST.label().equals(transport);
    return List.of(
        new Page.Fact("Transport", transport == null ? "-" : transport),
        new Page.Fact("Host", rest ? "its REST API (below)" : host == null ? "local" : host),
        new Page.Fact("Port", port == null ? "-" : port.toString()),
        new Page.Fact(rest ? "Acts as" : "User", user == null ? "-" : user),
        new Page.Fact(rest ? "REST credential" : "SSH key", key == null ? "-" : key),
        new Page.Fact(
            rest ? "TLS certificate" : "Host key",
            hostKey == null ? (rest ? "none (plain http to loopback)" : "-") : hostKey),
        new Page.Fact(
            "Jump hosts",
            jumpHosts.isEmpty() ? "none (direct)" : String.join(", then ", jumpHosts)),
        new Page.Fact("Scheduler", scheduler == null ? "-" : scheduler),
        new Page.Fact(
            "Scheduler settings", settings.isEmpty() ? "none" : String.join(", ", settings)));
  }

  /**
   * What the approval in force pinned, labelled as the review panel labels the pins now; empty when
   * none is in force.
   */
  public List<Page.Fact> approvedPins() {
    PinnedConnection p = summary.pinned();
    if (p == null) {
      return List.of();
    }
    return connection(
        p.transport() == null ? null : p.transport().label(),
        p.host(),
        p.port(),
        p.user(),
        p.keyFingerprint(),
        p.hostKeyFingerprint(),
        p.jumps(),
        p.scheduler() == null ? null : p.scheduler().label(),
        p.shownSettings());
  }

  /** Clusters waiting for a decision first, the others after them, each group in its order. */
  static final Comparator<ClusterRow> WAITING_FIRST =
      Comparator.comparing((ClusterRow r) -> !r.approvable());

  public String name() {
    return summary.name();
  }

  /** This row with where the refresher stands now. */
  ClusterRow withRefresh(RefreshStatus now) {
    return new ClusterRow(
        summary, totalGpus, idleGpus, utilization, gpuHours, cost, snapshotAt, approval, now);
  }

  public boolean pending() {
    return pending(summary);
  }

  /** Whether the cluster waits for an admin's decision. */
  static boolean pending(ClusterSummary summary) {
    return summary.state() == ClusterState.PENDING;
  }

  public boolean active() {
    return summary.state() == ClusterState.ACTIVE;
  }

  /** PENDING, REJECTED, ACTIVE, or ACTIVE but not schedulable (with its reason beside it). */
  public String stateLabel() {
    if (active() && !summary.schedulable()) {
      return "ACTIVE, not schedulable";
    }
    return summary.state().name();
  }

  /** An admin may approve: a pending cluster, or an ACTIVE one whose pins changed (re-approval). */
  public boolean approvable() {
    return pending() || (active() && !summary.schedulable());
  }

  /** The approval record's decision: approved (ACTIVE), rejected, or none yet (PENDING). */
  public String decision() {
    return switch (summary.state()) {
      case ACTIVE -> "approved";
      case REJECTED -> "rejected";
      case PENDING -> "none yet";
    };
  }

  public boolean rejectable() {
    return summary.state() != ClusterState.REJECTED;
  }

  /**
   * "6 of 8 free", or what is known of it; for a cluster that may not receive work, the GPUs found
   * and why none of them is free to use.
   */
  public String freeGpus() {
    if (active() && summary.schedulable()) {
      return free(totalGpus, idleGpus);
    }
    String found = totalGpus == null ? "" : totalGpus + " GPUs found; ";
    return found
        + switch (summary.state()) {
          case PENDING -> "none usable until approved";
          case REJECTED -> "none usable: rejected";
          case ACTIVE -> "none usable until approved again";
        };
  }

  /** "6 of 8 free", or what is known of it: a cluster's or the fleet's. */
  static String free(Integer totalGpus, Integer idleGpus) {
    if (totalGpus == null) {
      return "unknown";
    }
    return (idleGpus == null ? "unknown" : idleGpus.toString()) + " of " + totalGpus + " free";
  }

  public String host() {
    return summary.host() == null ? "local" : summary.host();
  }
}
