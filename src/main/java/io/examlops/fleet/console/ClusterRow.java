package io.examlops.fleet.console;

import io.examlops.fleet.governance.ClusterSummary;
import io.examlops.fleet.model.ClusterState;
import java.time.Instant;
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
   * @param gpus the GPUs discovery found, e.g. "8 (a100)"
   */
  public record Approval(
      String host,
      Integer port,
      String user,
      String keyFingerprint,
      String hostKeyFingerprint,
      List<String> jumpHosts,
      String scheduler,
      List<String> partitions,
      String gpus) {

    /** Every pin as a labelled line, as the review panel and the confirm page list them. */
    public List<Page.Fact> facts() {
      return List.of(
          new Page.Fact("Host", host == null ? "local" : host),
          new Page.Fact("Port", port == null ? "-" : port.toString()),
          new Page.Fact("User", user == null ? "-" : user),
          new Page.Fact("SSH key", keyFingerprint == null ? "-" : keyFingerprint),
          new Page.Fact("Host key", hostKeyFingerprint == null ? "-" : hostKeyFingerprint),
          new Page.Fact(
              "Jump hosts",
              jumpHosts.isEmpty() ? "none (direct)" : String.join(", then ", jumpHosts)),
          new Page.Fact("Scheduler", scheduler),
          new Page.Fact("Partitions", partitions.isEmpty() ? "-" : String.join(", ", partitions)),
          new Page.Fact("GPUs found", gpus));
    }
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

  /** "6 of 8 free", or what is known of it. */
  public String freeGpus() {
    return free(totalGpus, idleGpus);
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
