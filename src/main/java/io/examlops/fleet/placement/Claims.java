package io.examlops.fleet.placement;

import io.examlops.fleet.model.JobState;
import io.examlops.fleet.model.TrackedJob;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * The GPUs asked by tracked jobs that have not ended, which a node snapshot may not show: a job
 * submitted after the snapshot was taken, or one still waiting when it was, takes no GPUs in it.
 * Placement counts those as claimed on their cluster, so that consecutive decisions on the same
 * snapshot spread work instead of piling it on the cluster that looked emptiest.
 *
 * @param jobs the tracked jobs not yet ended that ask for GPUs, of every cluster
 */
public record Claims(List<Claim> jobs) {
  public static final Claims NONE = new Claims(List.of());

  /**
   * One tracked job's ask.
   *
   * @param cluster the cluster it went to
   * @param partition its partition or queue; {@code null}: the default one (unknown which)
   * @param gpus GPUs asked, at most {@link io.examlops.fleet.model.GpuAsk#MAX}
   * @param submittedAt when it was submitted
   * @param startedAt when it started running; {@code null} when not known
   * @param waiting whether it has not started yet (submitting, submitted or pending)
   */
  public record Claim(
      String cluster,
      String partition,
      int gpus,
      Instant submittedAt,
      Instant startedAt,
      boolean waiting) {
    public Claim {
      Objects.requireNonNull(cluster, "cluster");
      Objects.requireNonNull(submittedAt, "submittedAt");
    }

    /**
     * Whether a snapshot taken at {@code takenAt} leaves this job's GPUs out: it was submitted
     * after, or had not started by then (a running job whose start is not known was running).
     */
    boolean unseenBy(Instant takenAt) {
      if (submittedAt.isAfter(takenAt)) {
        return true;
      }
      return startedAt == null ? waiting : startedAt.isAfter(takenAt);
    }

    /** Whether it may take GPUs of {@code partition} (null: anywhere in the cluster). */
    boolean mayTake(String partition) {
      return partition == null || this.partition == null || this.partition.equals(partition);
    }
  }

  /**
   * What the unseen jobs claim of one scope.
   *
   * @param gpus GPUs they ask, summed as a long and capped at {@link Integer#MAX_VALUE}
   * @param jobs how many jobs
   * @param allSubmittedSince whether every one was submitted after the snapshot was taken
   */
  public record Claimed(int gpus, int jobs, boolean allSubmittedSince) {
    public static final Claimed NONE = new Claimed(0, 0, true);
  }

  /** The tracked jobs that can still take GPUs: not ended, asking for at least one. */
  public static Claims of(List<TrackedJob> tracked) {
    return new Claims(
        tracked.stream()
            .filter(j -> !j.state().terminal() && j.gpus() != null && j.gpus() > 0)
            .map(
                j ->
                    new Claim(
                        j.cluster(),
                        j.partition(),
                        j.gpus(),
                        j.submittedAt(),
                        j.startedAt(),
                        j.state().awaitsScheduler() || j.state() == JobState.PENDING))
            .toList());
  }

  public Claims {
    jobs = List.copyOf(jobs);
  }

  /** The claims on {@code cluster} alone. */
  public Claims on(String cluster) {
    return new Claims(jobs.stream().filter(c -> c.cluster().equals(cluster)).toList());
  }

  /**
   * What the jobs a snapshot taken at {@code takenAt} does not show claim of {@code partition}
   * ({@code null}: the whole cluster). Which GPU type they run on is not recorded, so they count
   * against every type; a job sent to the default partition counts against every partition.
   */
  public Claimed unseenBy(Instant takenAt, String partition) {
    long gpus = 0;
    int count = 0;
    boolean allSince = true;
    for (Claim claim : jobs) {
      if (claim.mayTake(partition) && claim.unseenBy(takenAt)) {
        gpus += claim.gpus();
        count++;
        allSince &= claim.submittedAt().isAfter(takenAt);
      }
    }
    return count == 0
        ? Claimed.NONE
        : new Claimed((int) Math.min(gpus, Integer.MAX_VALUE), count, allSince);
  }
}
