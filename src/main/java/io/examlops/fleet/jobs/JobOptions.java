package io.examlops.fleet.jobs;

import io.examlops.fleet.model.ClusterName;
import io.examlops.fleet.model.FleetException;
import io.examlops.fleet.model.GpuAsk;
import io.examlops.fleet.model.JobTag;
import io.examlops.fleet.model.OutputPath;
import io.examlops.fleet.model.TimeLimit;
import io.examlops.fleet.settings.Variables;
import java.time.Duration;
import java.util.Map;

/**
 * Where a job goes and what it asks for, the same for a script and a pipeline run.
 *
 * @param cluster a registered cluster, or {@link JobService#AUTO} for the one placement chooses
 * @param gpus GPUs for the whole job; 0 for a CPU-only job
 * @param nodes nodes, at least 1
 * @param partition the partition or queue; {@code null}: the one placement picks in the cluster
 * @param time the wall-clock limit as users write it ({@link io.examlops.fleet.model.TimeLimit});
 *     {@code null}: the scheduler's default
 * @param account the account or bank to charge; {@code null}: the user's default
 * @param environment variables exported in the job (never on a command line)
 * @param tag the caller's name for the submission: a job of this tag that has not ended is returned
 *     instead of submitting another; {@code null}: none
 * @param output where the job writes its output ({@link io.examlops.fleet.model.OutputPath}: a path
 *     relative to the home directory on the cluster or absolute, with {@code %j} and {@code %x});
 *     {@code null}: the scheduler's default place
 * @param leased whether the job is cancelled when nobody follows it any more: submitted through the
 *     console for an agent that waits on it, it holds a lease the waiter renews ({@link
 *     io.examlops.fleet.settings.LeaseSettings}); {@code false}: it runs on whoever watches
 */
public record JobOptions(
    String cluster,
    int gpus,
    int nodes,
    String partition,
    String time,
    String account,
    Map<String, String> environment,
    String tag,
    String output,
    boolean leased) {

  public JobOptions {
    if (cluster != null && !JobService.AUTO.equals(cluster)) {
      ClusterName.require(cluster, "cluster");
    }
    GpuAsk.of(gpus, nodes);
    JobTag.require(tag);
    OutputPath.of(output);
    TimeLimit.parseOrNull(time);
    environment = environment == null ? Map.of() : Map.copyOf(environment);
    for (String name : environment.keySet()) {
      if (Variables.CREDENTIALS.contains(name)) {
        throw FleetException.invalid(
            name
                + " is a credential of the fleet's own and is never exported into a job; drop it"
                + " from the job's environment (a job that needs a secret reads it on the cluster)",
            "environment");
      }
    }
  }

  /**
   * The wall-clock limit {@code time} gives ({@link TimeLimit}); {@code null}: the scheduler's
   * default.
   */
  public Duration timeLimit() {
    return TimeLimit.parseOrNull(time);
  }

  /** The same job, with a lease or without. */
  public JobOptions leased(boolean lease) {
    return new JobOptions(
        cluster, gpus, nodes, partition, time, account, environment, tag, output, lease);
  }

  /** {@code gpus} GPUs on one node of {@code cluster}, defaults for the rest. */
  public static JobOptions on(String cluster, int gpus) {
    return new JobOptions(cluster, gpus, 1, null, null, null, Map.of(), null, null, false);
  }
}
