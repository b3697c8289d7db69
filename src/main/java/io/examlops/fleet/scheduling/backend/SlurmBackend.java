package io.examlops.fleet.scheduling.backend;

import io.examlops.fleet.model.CancelResult;
import io.examlops.fleet.model.JobAccounting;
import io.examlops.fleet.model.QueueEntry;
import io.examlops.fleet.model.SchedulerKind;
import io.examlops.fleet.model.SubmitResult;
import io.examlops.fleet.scheduling.slurm.SacctFormat;
import io.examlops.fleet.scheduling.slurm.SacctParser;
import io.examlops.fleet.scheduling.slurm.SbatchParser;
import io.examlops.fleet.scheduling.slurm.ScancelParser;
import io.examlops.fleet.scheduling.slurm.SlurmGpuTracking;
import io.examlops.fleet.scheduling.slurm.SqueueFormat;
import io.examlops.fleet.scheduling.slurm.SqueueParser;
import io.examlops.fleet.transport.CommandResult;
import io.examlops.fleet.transport.CommandRunner;
import io.examlops.fleet.transport.ShellQuote;
import java.time.ZoneId;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Slurm through its client commands (22.05 and later): {@code sbatch} with the script on stdin,
 * {@code squeue} for live jobs, {@code sacct} for ended ones, {@code scancel -v}.
 */
public final class SlurmBackend implements JobBackend {
  /** Where job output goes, relative to the home directory sbatch runs in ({@code %j}: job id). */
  static final String OUTPUT = "examlops-%j.out";

  private static final Pattern JOB_ID = Pattern.compile("\\d+(_\\d+)?");

  private final ZoneId zone;
  private final SlurmGpuTracking gpuTracking;

  /**
   * @param zone the cluster's time zone: sacct prints Start and End without one
   * @param gpuTracking whether the cluster's accounting records GPUs ({@link
   *     SlurmGpuTracking#fromAccountingStorageTres} on {@code AccountingStorageTRES}), or INFER
   */
  public SlurmBackend(ZoneId zone, SlurmGpuTracking gpuTracking) {
    this.zone = zone;
    this.gpuTracking = gpuTracking;
  }

  @Override
  public String outputFile(String jobId) {
    return "~/" + OUTPUT.replace("%j", jobId);
  }

  @Override
  public SchedulerKind kind() {
    return SchedulerKind.SLURM;
  }

  /**
   * {@code cd ~ && sbatch --parsable -J NAME [-p P] [-A A] -N n [--gres=gpu:K] [-t T]
   * --output=examlops-%j.out}, script on stdin. From the home directory because a job's default
   * output file lands in the submit directory, and a stale file of the same name in a shared
   * directory (/tmp) makes the job fail at launch. {@code --gres=gpu:K} is per node and works on
   * every release; {@code --gpus} jobs print N/A in older squeue GPU columns.
   */
  @Override
  public SubmitResult submit(CommandRunner runner, SubmitRequest request) {
    byte[] script = JobScript.render(request);
    CommandResult result = runner.run(submitCommand(request), script);
    if (result.commandNotFound()) {
      throw BackendException.failed(runner.target(), result, null);
    }
    return SbatchParser.parse(result);
  }

  static String submitCommand(SubmitRequest request) {
    StringBuilder line = new StringBuilder("cd ~ && sbatch --parsable");
    option(line, "-J", request.name());
    option(line, "-p", request.partition());
    option(line, "-A", request.account());
    option(line, "-N", Integer.toString(request.nodes()));
    if (request.gpus() > 0) {
      line.append(' ').append(ShellQuote.quote("--gres=gpu:" + request.gpusPerNode()));
    }
    if (request.timeLimit() != null) {
      option(line, "-t", TimeLimits.slurm(request.timeLimit()));
    }
    return line.append(' ').append(ShellQuote.quote("--output=" + OUTPUT)).toString();
  }

  private static void option(StringBuilder line, String flag, String value) {
    if (value != null) {
      line.append(' ').append(flag).append(' ').append(ShellQuote.quote(value));
    }
  }

  /** {@code squeue -h -a -O '...'} (every partition, all users). */
  @Override
  public List<QueueEntry> queue(CommandRunner runner) {
    CommandResult result = runner.run(SqueueFormat.RECOMMENDED.command("-a"));
    if (!result.ok()) {
      throw BackendException.failed(runner.target(), result, null);
    }
    return SqueueParser.parse(SqueueFormat.RECOMMENDED, result.stdout());
  }

  /**
   * {@code squeue -h -r -j IDS} first (a job there is live); the rest from {@code sacct -j IDS}. A
   * job in neither is NOT_FOUND: sacct lags squeue by a moment after a job ends, and a cluster
   * without accounting forgets ended jobs, so absence is no verdict.
   */
  @Override
  public Map<String, JobStatus> track(CommandRunner runner, List<String> jobIds) {
    jobIds.forEach(SlurmBackend::requireJobId);
    Map<String, JobStatus> found = new LinkedHashMap<>();
    if (jobIds.isEmpty()) {
      return found;
    }
    for (QueueEntry entry : live(runner, jobIds)) {
      if (jobIds.contains(entry.id())) {
        found.put(entry.id(), JobStatus.fromQueue(entry));
      }
    }
    List<String> rest = jobIds.stream().filter(id -> !found.containsKey(id)).toList();
    String accountingProblem = null;
    if (!rest.isEmpty()) {
      CommandResult result =
          runner.run(SacctFormat.RECOMMENDED.command("-j", String.join(",", rest)));
      if (result.ok()) {
        for (JobAccounting job :
            SacctParser.parse(SacctFormat.RECOMMENDED, result.stdout(), zone, gpuTracking)) {
          if (rest.contains(job.id())) {
            found.put(job.id(), JobStatus.fromAccounting(job));
          }
        }
      } else {
        // No slurmdbd ("accounting storage is disabled"): ended jobs cannot be looked up.
        accountingProblem = "sacct failed: " + firstLine(result);
      }
    }
    String note =
        accountingProblem != null
            ? "not in the queue, and " + accountingProblem
            : "not in the queue and not (yet) in accounting";
    return jobIds.stream()
        .distinct()
        .collect(
            Collectors.toMap(
                Function.identity(),
                id -> found.getOrDefault(id, JobStatus.notFound(SchedulerKind.SLURM, id, note)),
                (a, b) -> a,
                LinkedHashMap::new));
  }

  /** squeue exits 1 with "Invalid job id specified" when it knows none of the ids. */
  private List<QueueEntry> live(CommandRunner runner, List<String> jobIds) {
    CommandResult result =
        runner.run(SqueueFormat.RECOMMENDED.command("-r", "-j", String.join(",", jobIds)));
    if (!result.ok()) {
      if (result.stderr().contains("Invalid job id specified")) {
        return List.of();
      }
      throw BackendException.failed(runner.target(), result, null);
    }
    return SqueueParser.parse(SqueueFormat.RECOMMENDED, result.stdout());
  }

  /** {@code scancel -v ID}: only the verbose form tells "no such job" from "requested". */
  @Override
  public CancelResult cancel(CommandRunner runner, String jobId) {
    requireJobId(jobId);
    return ScancelParser.parse(runner.run(ScancelParser.command(jobId)));
  }

  private static void requireJobId(String jobId) {
    if (jobId == null || !JOB_ID.matcher(jobId).matches()) {
      throw new IllegalArgumentException(
          "'" + jobId + "' is not a Slurm job id (digits, or ARRAYJOB_TASK such as 42_3)");
    }
  }

  private static String firstLine(CommandResult result) {
    String said = result.stderr().strip().isEmpty() ? result.stdout() : result.stderr();
    return said.strip().lines().findFirst().orElse("exit " + result.exitCode());
  }
}
