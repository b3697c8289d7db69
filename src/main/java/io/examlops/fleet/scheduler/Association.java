package io.examlops.fleet.scheduler;

import java.util.List;
import java.util.Objects;

/**
 * A user's right to charge an account: a Slurm association or a flux-accounting bank membership.
 *
 * @param user the user name
 * @param account Slurm account or Flux bank
 * @param partitions partitions (Slurm) or queues (Flux) it is limited to; empty: any
 */
public record Association(String user, String account, List<String> partitions) {
  public Association {
    Objects.requireNonNull(user, "user");
    Objects.requireNonNull(account, "account");
    partitions = List.copyOf(partitions);
  }

  /** Whether jobs in this partition may charge it ({@code null}: the default, always allowed). */
  public boolean covers(String partition) {
    return partition == null || partitions.isEmpty() || partitions.contains(partition);
  }
}
