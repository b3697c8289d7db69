package io.examlops.fleet.scheduler;

import java.util.List;
import java.util.Objects;

/**
 * What a scheduler said to a submission ({@code sbatch --parsable}, {@code flux batch}, {@code flux
 * submit}).
 *
 * @param accepted whether the scheduler took the job; a request it can never satisfy may still be
 *     accepted and fail later (Flux does that)
 * @param jobIds the ids it printed, in order (several for {@code flux submit --cc}); empty when
 *     rejected
 * @param cluster the cluster Slurm named ({@code sbatch --clusters}); {@code null} otherwise
 * @param message the scheduler's own words on a rejection (stderr, passed on unchanged but
 *     trimmed); {@code null} when accepted
 */
public record SubmitReply(boolean accepted, List<String> jobIds, String cluster, String message) {

  public SubmitReply {
    jobIds = List.copyOf(jobIds);
    if (accepted && jobIds.isEmpty()) {
      throw new IllegalArgumentException("an accepted submission has a job id");
    }
  }

  public static SubmitReply accepted(List<String> jobIds, String cluster) {
    return new SubmitReply(true, jobIds, cluster, null);
  }

  public static SubmitReply rejected(String message) {
    return new SubmitReply(false, List.of(), null, Objects.requireNonNull(message, "message"));
  }

  /** The first (usually the only) job id; {@code null} when rejected. */
  public String jobId() {
    return jobIds.isEmpty() ? null : jobIds.get(0);
  }
}
