package io.examlops.fleet.scheduler;

import io.examlops.fleet.model.FleetException;
import io.examlops.fleet.model.GpuAsk;
import io.examlops.fleet.model.OutputPath;
import io.examlops.fleet.model.SafeName;
import io.examlops.fleet.model.TimeLimit;
import io.examlops.fleet.model.VariableName;
import java.time.Duration;
import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

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
 *     TimeLimit} for the accepted text forms and the rule)
 * @param account Slurm account or Flux bank; {@code null} for the user's default
 * @param environment variables exported at the top of the script (after its directives), in name
 *     order; values may be secret, which is why they are never put on a command line
 * @param mark what the scheduler keeps with the job so that it can be found again when the
 *     submitter stopped before recording its answer ({@code TrackedJob#submissionMark}); {@code
 *     null} for none
 * @param output where the job writes its output ({@code --output}), with {@code %x} already
 *     replaced by the job's name; {@code null} for the backend's default
 */
public record JobSpec(
    String script,
    String name,
    int gpus,
    int nodes,
    String partition,
    Duration timeLimit,
    String account,
    Map<String, String> environment,
    String mark,
    OutputPath output) {
  private static final java.util.regex.Pattern MARK =
      java.util.regex.Pattern.compile("[A-Za-z0-9-]{1,64}");

  public JobSpec {
    Objects.requireNonNull(script, "script");
    if (!script.startsWith("#!")) {
      throw FleetException.invalid(
          "the job script must start with an interpreter line such as #!/bin/bash; the"
              + " schedulers refuse a script without one",
          "script");
    }
    if (script.indexOf('\0') >= 0) {
      throw FleetException.invalid(
          "the job script contains a NUL byte; is it a binary file?", "script");
    }
    SafeName.require("job name", name, "name");
    GpuAsk.of(gpus, nodes).perNode(); // spread evenly, or refused
    if (partition != null) {
      SafeName.require("partition/queue", partition, "partition");
    }
    if (account != null) {
      SafeName.require("account/bank", account, "account");
    }
    TimeLimit.require(timeLimit);
    Map<String, String> sorted = new TreeMap<>();
    if (environment != null) {
      environment.forEach(JobSpec::requireVariable);
      sorted.putAll(environment);
    }
    environment = Collections.unmodifiableMap(sorted);
    if (mark != null && !MARK.matcher(mark).matches()) {
      throw new IllegalArgumentException("a submission mark is letters, digits and '-': " + mark);
    }
    output = output == null ? null : output.named(name);
  }

  /** A request for {@code gpus} GPUs on one node, scheduler defaults for everything else. */
  public static JobSpec of(String script, String name, int gpus) {
    return new JobSpec(script, name, gpus, 1, null, null, null, Map.of(), null, null);
  }

  /** The same request, sent to {@code newPartition}. */
  public JobSpec inPartition(String newPartition) {
    return new JobSpec(
        script, name, gpus, nodes, newPartition, timeLimit, account, environment, mark, output);
  }

  /** The same request, exporting {@code newEnvironment} instead. */
  public JobSpec withEnvironment(Map<String, String> newEnvironment) {
    return new JobSpec(
        script, name, gpus, nodes, partition, timeLimit, account, newEnvironment, mark, output);
  }

  /** The same request, sent with {@code newMark} for the scheduler to keep with the job. */
  public JobSpec marked(String newMark) {
    return new JobSpec(
        script, name, gpus, nodes, partition, timeLimit, account, environment, newMark, output);
  }

  /** The same request, writing its output to {@code newOutput} ({@code null}: the default). */
  public JobSpec withOutput(OutputPath newOutput) {
    return new JobSpec(
        script, name, gpus, nodes, partition, timeLimit, account, environment, mark, newOutput);
  }

  /** What is asked, as the one rule for GPUs and nodes holds it. */
  public GpuAsk ask() {
    return GpuAsk.of(gpus, nodes);
  }

  /** GPUs per node, the form both schedulers take ({@link GpuAsk#perNode}). */
  public int gpusPerNode() {
    return ask().perNode();
  }

  private static void requireVariable(String name, String value) {
    VariableName.require(name);
    if (value == null || value.indexOf('\0') >= 0) {
      throw FleetException.invalid(
          "the value of " + name + " must be text without NUL bytes", "environment");
    }
  }
}
