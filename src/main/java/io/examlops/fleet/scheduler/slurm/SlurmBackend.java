package io.examlops.fleet.scheduler.slurm;

import io.examlops.fleet.model.GpuAsk;
import io.examlops.fleet.model.JobAccounting;
import io.examlops.fleet.model.JobState;
import io.examlops.fleet.model.OutputPath;
import io.examlops.fleet.model.QueueEntry;
import io.examlops.fleet.model.SchedulerKind;
import io.examlops.fleet.scheduler.BackendException;
import io.examlops.fleet.scheduler.CancelReply;
import io.examlops.fleet.scheduler.EndWatch;
import io.examlops.fleet.scheduler.JobBackend;
import io.examlops.fleet.scheduler.JobScript;
import io.examlops.fleet.scheduler.JobSpec;
import io.examlops.fleet.scheduler.JobStatus;
import io.examlops.fleet.scheduler.MarkLookup;
import io.examlops.fleet.scheduler.OutputDirectory;
import io.examlops.fleet.scheduler.ShellSubmission;
import io.examlops.fleet.scheduler.SubmitReply;
import io.examlops.fleet.transport.CommandResult;
import io.examlops.fleet.transport.CommandRunner;
import io.examlops.fleet.transport.ShellQuote;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Slurm through its client commands (22.05 and later): {@code sbatch} with the script on stdin,
 * {@code squeue -t all} for live jobs and ended ones slurmctld still remembers, {@code sacct} where
 * accounting exists, the job's own exit-status record ({@link ExitRecords}) where it does not,
 * {@code scancel -v}.
 */
public final class SlurmBackend implements JobBackend {
  private static final Pattern JOB_ID = Pattern.compile("\\d+(_\\d+)?");

  private final SlurmGpuTracking gpuTracking;

  /**
   * @param gpuTracking whether the cluster's accounting records GPUs ({@code gres/gpu} in {@code
   *     AccountingStorageTRES}), or INFER from the jobs read
   */
  public SlurmBackend(SlurmGpuTracking gpuTracking) {
    this.gpuTracking = gpuTracking;
  }

  @Override
  public String manualCancel(String jobId) {
    return scancel(jobId);
  }

  /** How a user cancels a Slurm job by hand, whichever way the fleet reaches the cluster. */
  static String scancel(String jobId) {
    return "scancel " + jobId;
  }

  @Override
  public SchedulerKind kind() {
    return SlurmAdapter.KIND;
  }

  /**
   * {@code cd ~ && sbatch --parsable -J NAME [-p P] [-A A] -N n [--gres=gpu:K] [-t T]
   * --output=PATH}, script on stdin; PATH is the request's output ({@link OutputPath}, default
   * {@code examlops-%j.out}), whose directory is checked first ({@link OutputDirectory}). From the
   * home directory because relative output paths start there, and a stale file of the same name in
   * a shared directory (/tmp) makes the job fail at launch. {@code --gres=gpu:K} is per node and
   * works on every release; {@code --gpus} jobs print N/A in older squeue GPU columns. The script
   * starts by writing its exit-status record ({@link ExitRecords}) into the home directory,
   * wherever its output goes.
   */
  @Override
  public SubmitReply submit(CommandRunner runner, JobSpec request) {
    return SbatchParser.parse(
        ShellSubmission.send(
            runner,
            request,
            submitCommand(request),
            r -> JobScript.render(r, ExitRecords.scriptLines(r.mark()))));
  }

  static String submitCommand(JobSpec request) {
    StringBuilder line = new StringBuilder("cd ~ && sbatch --parsable");
    option(line, "-J", request.name());
    if (request.mark() != null) {
      line.append(' ').append(ShellQuote.quote("--comment=" + request.mark()));
    }
    resources(
        line,
        request.partition(),
        request.account(),
        request.nodes(),
        request.gpus(),
        request.timeLimit());
    OutputPath output = OutputPath.orDefault(request.output());
    return line.append(' ').append(ShellQuote.quote("--output=" + output.pattern())).toString();
  }

  /**
   * What a job asks of Slurm, the same on a submission and on its start estimate: {@code -p},
   * {@code -A}, {@code -N n --gres=gpu:K} per node (without a node count {@code --gpus=K} in all),
   * {@code -t}.
   */
  static void resources(
      StringBuilder line,
      String partition,
      String account,
      Integer nodes,
      int gpus,
      Duration time) {
    option(line, "-p", partition);
    option(line, "-A", account);
    if (nodes != null) {
      option(line, "-N", Integer.toString(nodes));
    }
    if (gpus > 0) {
      String gres =
          nodes == null ? "--gpus=" + gpus : "--gres=gpu:" + GpuAsk.of(gpus, nodes).perNode();
      line.append(' ').append(ShellQuote.quote(gres));
    }
    if (time != null) {
      option(line, "-t", timeLimit(time));
    }
  }

  private static void option(StringBuilder line, String flag, String value) {
    if (value != null) {
      line.append(' ').append(flag).append(' ').append(ShellQuote.quote(value));
    }
  }

  /** {@code squeue -h -a -O '...'} (every partition, all users). */
  @Override
  public List<QueueEntry> queue(CommandRunner runner) {
    String command = SqueueFormat.RECOMMENDED.command("-a");
    CommandResult result = runner.run(command);
    if (!result.ok()) {
      throw BackendException.failed(runner.target(), result, null);
    }
    return SqueueParser.parse(SqueueFormat.RECOMMENDED, command, result.stdout());
  }

  /**
   * Asks every source in turn, each only about the jobs the ones before did not know, over the
   * given connection: {@code squeue -t all} (live jobs, and ended ones until slurmctld forgets them
   * after {@code MinJobAge}), then {@code sacct} (where accounting exists), then the jobs'
   * exit-status records. A job none of them knows is {@link JobStatus.Source#LOST}, with what each
   * said.
   */
  @Override
  public Map<String, JobStatus> track(CommandRunner runner, List<String> jobIds) {
    jobIds.forEach(SlurmBackend::requireJobId);
    Map<String, JobStatus> found = new LinkedHashMap<>();
    if (jobIds.isEmpty()) {
      return found;
    }
    SqueueParser.Tracked<JobStatus> listed = known(runner, jobIds);
    for (JobStatus status : listed.rows()) {
      if (jobIds.contains(status.job().id())) {
        found.put(status.job().id(), status);
      }
    }
    for (SqueueParser.Unreadable line : listed.unreadable()) {
      // slurmctld knows the job but printed a line this release of the product cannot read: keep
      // following it, saying why, rather than taking its record or calling it lost.
      if (line.jobId() != null && jobIds.contains(line.jobId())) {
        found.put(
            line.jobId(),
            JobStatus.notFound(SlurmAdapter.KIND, line.jobId(), line.problem().getMessage()));
      }
    }
    List<String> rest = unknown(jobIds, found);
    String accounting = "sacct does not know it";
    if (!rest.isEmpty()) {
      CommandResult result =
          runner.run(SacctFormat.RECOMMENDED.command("-j", String.join(",", rest)));
      if (result.ok()) {
        for (JobAccounting job :
            SacctParser.parse(
                SacctFormat.RECOMMENDED, result.stdout(), SlurmTimes.ZONE, gpuTracking)) {
          if (rest.contains(job.id())) {
            found.put(job.id(), JobStatus.fromAccounting(job));
          }
        }
      } else {
        // No slurmdbd: "Slurm accounting storage is disabled".
        accounting = "sacct failed (" + firstLine(result) + ")";
      }
    }
    rest = unknown(jobIds, found);
    if (!rest.isEmpty()) {
      String command = ExitRecords.command(rest);
      CommandResult result = runner.run(command);
      if (!result.ok()) {
        throw BackendException.failed(runner.target(), result, null);
      }
      Map<String, ExitRecord> records = ExitRecordParser.parse(command, result.stdout());
      for (String id : rest) {
        found.put(id, fromRecord(id, records.get(id), accounting));
      }
    }
    Map<String, JobStatus> inOrder = new LinkedHashMap<>();
    jobIds.forEach(id -> inOrder.put(id, found.get(id)));
    return inOrder;
  }

  private static List<String> unknown(List<String> jobIds, Map<String, JobStatus> found) {
    return jobIds.stream().distinct().filter(id -> !found.containsKey(id)).toList();
  }

  /**
   * What a job's record tells once slurmctld and accounting do not know it. A recorded signal is
   * never an exit: at or after the time limit Slurm gave the job it is {@link JobState#TIMEOUT};
   * before it, a cancel, a preemption or an admin's kill ({@link JobState#CANCELLED}); with no
   * limit recorded (Slurm 22.05 does not tell the job), which of them is not known ({@link
   * JobState#LOST}, saying so).
   */
  private static JobStatus fromRecord(String id, ExitRecord record, String accounting) {
    String asked = "slurmctld no longer lists it (squeue -t all) and " + accounting;
    String file = "~/" + ExitRecords.file(id);
    if (record == null || !record.exited()) {
      String why =
          record == null
              ? "it left no exit-status record (" + file + ")"
              : "its record ("
                  + file
                  + ") shows it started but not how it ended (killed, its"
                  + " node failed, or the script replaced the EXIT trap)";
      return JobStatus.lost(ended(id, JobState.LOST, "", record, null), asked + ", and " + why);
    }
    if (record.signal() != null) {
      String killed = "killed by signal " + record.signal();
      if (record.limit() != null) {
        boolean atLimit = record.killedAtLimit();
        return JobStatus.fromRecord(
            ended(
                id,
                atLimit ? JobState.TIMEOUT : JobState.CANCELLED,
                killed,
                record,
                record.signal()),
            "from its exit-status record "
                + file
                + ": "
                + killed
                + (atLimit
                    ? " at its time limit (" + record.limit() + "); "
                    : " before its time limit (cancelled, preempted or stopped by an admin); ")
                + asked);
      }
      return JobStatus.lost(
          ended(id, JobState.LOST, killed, record, record.signal()),
          asked
              + ", and its record ("
              + file
              + ") shows it was "
              + killed
              + " but not why (its time limit, a cancel or a preemption: this Slurm does not tell"
              + " a job its end time)");
    }
    JobState state = record.exitStatus() == 0 ? JobState.COMPLETED : JobState.FAILED;
    return JobStatus.fromRecord(
        ended(id, state, "exit " + record.exitStatus(), record, null),
        "from its exit-status record " + file + ": " + asked);
  }

  /** A job's facts as its record tells them. */
  private static JobAccounting ended(
      String id, JobState state, String rawState, ExitRecord record, Integer signal) {
    boolean known = record != null && record.exited();
    return new JobAccounting(
        SlurmAdapter.KIND,
        id,
        null,
        null,
        null,
        null,
        state,
        rawState,
        known && signal == null ? record.exitStatus() : null,
        signal,
        known ? record.elapsed() : null,
        record == null ? null : record.started(),
        known ? record.ended() : null,
        null,
        null,
        null);
  }

  /**
   * The job with the mark as its comment, while slurmctld remembers it ({@code squeue -t all}),
   * else the job whose exit-status record holds the mark (it started; the record outlives
   * slurmctld's memory and needs no accounting).
   */
  @Override
  public MarkLookup findMarked(CommandRunner runner, String mark, String name) {
    CommandResult queued = runner.run(SlurmMarks.squeue(name));
    if (!queued.ok()) {
      throw BackendException.failed(runner.target(), queued, null);
    }
    var found = SlurmMarks.inQueue(queued.stdout(), mark);
    if (found.isEmpty()) {
      CommandResult records = runner.run(SlurmMarks.records(mark));
      if (!records.ok()) {
        throw BackendException.failed(runner.target(), records, null);
      }
      found = SlurmMarks.inRecords(records.stdout());
    }
    return found.map(MarkLookup::found).orElse(MarkLookup.notFound());
  }

  /** squeue exits 1 with "Invalid job id specified" when it knows none of the ids. */
  private SqueueParser.Tracked<JobStatus> known(CommandRunner runner, List<String> jobIds) {
    String command =
        SqueueFormat.TRACKING.commandInUtc("-r", "-t", "all", "-j", String.join(",", jobIds));
    CommandResult result = runner.run(command);
    if (!result.ok()) {
      if (result.stderr().contains("Invalid job id specified")) {
        return new SqueueParser.Tracked<>(List.of(), List.of());
      }
      throw BackendException.failed(runner.target(), result, null);
    }
    return SqueueParser.parseJobs(SqueueFormat.TRACKING, command, result.stdout(), SlurmTimes.ZONE);
  }

  /** {@code scancel -v ID}: only the verbose form tells "no such job" from "requested". */
  /**
   * The job's exit-status record, looked at on the login node ({@link ExitRecords#watchCommand}):
   * Slurm pushes no job's end, and slurmctld is not asked more often for it. A job killed before
   * its EXIT trap ran leaves no end in the record, so the job is still polled meanwhile ({@link
   * #watchSeesEveryEnd} stays false).
   */
  @Override
  public EndWatch watchEnd(CommandRunner runner, String jobId, Duration upTo) {
    return ExitRecords.watchOutcome(runner.run(ExitRecords.watchCommand(jobId, upTo)));
  }

  @Override
  public CancelReply cancel(CommandRunner runner, String jobId) {
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

  /** Slurm's {@code -t} form: {@code HH:MM:SS}, or {@code D-HH:MM:SS} from one day on. */
  static String timeLimit(java.time.Duration limit) {
    long s = limit.getSeconds();
    String clock = String.format("%02d:%02d:%02d", s / 3600 % 24, s / 60 % 60, s % 60);
    return s >= 86400 ? s / 86400 + "-" + clock : clock;
  }
}
