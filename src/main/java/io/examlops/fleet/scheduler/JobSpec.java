package io.examlops.fleet.scheduler;

import io.examlops.fleet.model.FleetException;
import java.time.Duration;
import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * One batch job to submit. Every value is checked here, so a backend only renders values that are
 * already known to be safe and sensible; each is still shell-quoted where it reaches a command
 * line.
 *
 * @param script the batch script, starting with {@code #!}; it travels on stdin, never in argv
 * @param name the job name: letters, digits, {@code _ . -}, 1 to 64 characters
 * @param gpus GPUs for the whole job (0 for none); spread evenly, so a multiple of {@code nodes}
 * @param nodes nodes, at least 1
 * @param partition Slurm partition or Flux queue; {@code null} for the scheduler's default
 * @param timeLimit wall-clock limit; {@code null} for the scheduler's default (see {@link
 *     TimeLimits#parse} for the accepted text forms)
 * @param account Slurm account or Flux bank; {@code null} for the user's default
 * @param environment variables exported at the top of the script (after its directives), in name
 *     order; values may be secret, which is why they are never put on a command line
 */
public record JobSpec(
    String script,
    String name,
    int gpus,
    int nodes,
    String partition,
    Duration timeLimit,
    String account,
    Map<String, String> environment) {

  private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_.-]{1,64}");
  private static final Pattern VARIABLE = Pattern.compile("[A-Za-z_][A-Za-z0-9_]{0,127}");

  public JobSpec {
    Objects.requireNonNull(script, "script");
    if (!script.startsWith("#!")) {
      throw FleetException.invalid(
          "the job script must start with an interpreter line such as #!/bin/bash; sbatch and"
              + " flux batch refuse a script without one");
    }
    if (script.indexOf('\0') >= 0) {
      throw FleetException.invalid("the job script contains a NUL byte; is it a binary file?");
    }
    requireName("job name", name);
    if (nodes < 1) {
      throw FleetException.invalid("nodes must be a positive whole number, got " + nodes);
    }
    if (gpus < 0) {
      throw FleetException.invalid("GPUs must be 0 or more, got " + gpus);
    }
    if (gpus % nodes != 0) {
      throw FleetException.invalid(
          gpus
              + " GPUs cannot be spread evenly over "
              + nodes
              + " nodes; ask for a multiple of"
              + " the node count (GPUs are requested per node)");
    }
    if (partition != null) {
      requireName("partition/queue", partition);
    }
    if (account != null) {
      requireName("account/bank", account);
    }
    if (timeLimit != null && (timeLimit.isNegative() || timeLimit.getSeconds() < 1)) {
      throw FleetException.invalid("the time limit must be at least one second, got " + timeLimit);
    }
    Map<String, String> sorted = new TreeMap<>();
    if (environment != null) {
      environment.forEach(JobSpec::requireVariable);
      sorted.putAll(environment);
    }
    environment = Collections.unmodifiableMap(sorted);
  }

  /** A request for {@code gpus} GPUs on one node, scheduler defaults for everything else. */
  public static JobSpec of(String script, String name, int gpus) {
    return new JobSpec(script, name, gpus, 1, null, null, null, Map.of());
  }

  /** The same request, sent to {@code newPartition}. */
  public JobSpec inPartition(String newPartition) {
    return new JobSpec(script, name, gpus, nodes, newPartition, timeLimit, account, environment);
  }

  /** The same request, exporting {@code newEnvironment} instead. */
  public JobSpec withEnvironment(Map<String, String> newEnvironment) {
    return new JobSpec(script, name, gpus, nodes, partition, timeLimit, account, newEnvironment);
  }

  /** GPUs per node, the form both schedulers take. */
  public int gpusPerNode() {
    return gpus / nodes;
  }

  private static void requireName(String what, String value) {
    if (value == null || !NAME.matcher(value).matches()) {
      throw FleetException.invalid(
          "the "
              + what
              + " '"
              + value
              + "' is not allowed: use 1 to 64 letters, digits, '_', '.'"
              + " or '-'");
    }
  }

  private static void requireVariable(String name, String value) {
    if (!VARIABLE.matcher(name).matches()) {
      throw FleetException.invalid(
          "'"
              + name
              + "' is not an environment variable name: use letters, digits and '_', not"
              + " starting with a digit");
    }
    if (value == null || value.indexOf('\0') >= 0) {
      throw FleetException.invalid("the value of " + name + " must be text without NUL bytes");
    }
  }
}
