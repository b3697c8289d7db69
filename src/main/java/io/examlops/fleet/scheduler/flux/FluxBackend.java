package io.examlops.fleet.scheduler.flux;

import io.examlops.fleet.model.CancelOutcome;
import io.examlops.fleet.model.JobAccounting;
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
import io.examlops.fleet.scheduler.ProbeException;
import io.examlops.fleet.scheduler.ShellSubmission;
import io.examlops.fleet.scheduler.SubmitReply;
import io.examlops.fleet.transport.CommandResult;
import io.examlops.fleet.transport.CommandRunner;
import io.examlops.fleet.transport.ShellQuote;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Flux through its commands (flux-core 0.48 and later, for {@code flux cancel}): {@code flux batch}
 * with the script on stdin, {@code flux jobs} for the queue and for tracking, {@code flux job info
 * ID R} for a tracked job's GPUs, {@code flux cancel}. Job ids are handed out in ASCII F58 ({@code
 * fCvnbsqR}), which every flux command accepts whatever the locale.
 */
public final class FluxBackend implements JobBackend {
  @Override
  public String manualCancel(String jobId) {
    return "flux cancel " + jobId;
  }

  @Override
  public String outputFile(String jobId, OutputPath output) {
    return OutputPath.orDefault(output).file(FluxJobId.toDec(FluxJobId.parse(jobId)));
  }

  @Override
  public SchedulerKind kind() {
    return FluxAdapter.KIND;
  }

  /**
   * {@code cd ~ && flux batch --job-name=NAME [-q Q] -N n -n n [-g K] [-t Ss]
   * [--setattr=system.bank=B] --output=PATH}, script on stdin. PATH is the request's output ({@link
   * OutputPath#rendered}: {@code %j} as {@code {{id.dec}}}, which keeps the name ASCII where {@code
   * {{id}}} has an {@code ƒ}; default {@code examlops-{{id.dec}}.out}), whose directory is checked
   * first ({@link OutputDirectory}). One slot per node, with the node's share of the GPUs ({@code
   * -g} is per slot); a slot has one core unless the script's own {@code # flux:} directives say
   * more.
   */
  @Override
  public SubmitReply submit(CommandRunner runner, JobSpec request) {
    return FluxSubmitParser.parse(
        ShellSubmission.send(runner, request, submitCommand(request), JobScript::render));
  }

  static String submitCommand(JobSpec request) {
    StringBuilder line = new StringBuilder("cd ~ && flux batch");
    argument(line, "--job-name=" + request.name());
    if (request.partition() != null) {
      argument(line, "--queue=" + request.partition());
    }
    argument(line, "--nodes=" + request.nodes());
    argument(line, "--nslots=" + request.nodes());
    if (request.gpus() > 0) {
      argument(line, "--gpus-per-slot=" + request.gpusPerNode());
    }
    if (request.timeLimit() != null) {
      argument(line, "--time-limit=" + request.timeLimit().getSeconds() + "s");
    }
    if (request.account() != null) {
      // flux-accounting reads the bank from this attribute; there is no short option for it.
      argument(line, "--setattr=system.bank=" + request.account());
    }
    if (request.mark() != null) {
      argument(line, FluxMarks.setattr(request.mark()));
    }
    OutputPath output = OutputPath.orDefault(request.output());
    argument(line, "--output=" + output.rendered("{{id.dec}}", "%x", "%"));
    return line.toString();
  }

  private static void argument(StringBuilder line, String value) {
    line.append(' ').append(ShellQuote.quote(value));
  }

  /** The newest job of the submission's name whose jobspec holds the mark. */
  @Override
  public MarkLookup findMarked(CommandRunner runner, String mark, String name) {
    CommandResult result = runner.run(FluxMarks.command(name));
    if (!result.ok()) {
      throw BackendException.failed(runner.target(), result, null);
    }
    return FluxMarks.find(result.stdout(), mark)
        .map(MarkLookup::found)
        .orElse(MarkLookup.notFound());
  }

  /**
   * {@code flux jobs -n -A -o '...'}: pending and running jobs of all users. GPU counts stay
   * unknown here: Flux has them only in each job's R, one command per job.
   */
  @Override
  public List<QueueEntry> queue(CommandRunner runner) {
    CommandResult result = runner.run(FluxJobsFormat.RECOMMENDED.command("-A"));
    if (!result.ok()) {
      throw BackendException.failed(runner.target(), result, null);
    }
    return FluxJobsParser.queue(FluxJobsFormat.RECOMMENDED, result.stdout());
  }

  /**
   * {@code flux jobs -n -o '...' ID...} in the {@link FluxJobsFormat#TRACKING} format (with ids,
   * flux ignores state filters and lists ended jobs too; an unknown id is reported on stderr and
   * the others still printed), then {@code flux job info ID R} for each job that got resources, for
   * its GPU count. Flux's t_submit and its own reason (exception, pending context) come along.
   */
  @Override
  public Map<String, JobStatus> track(CommandRunner runner, List<String> jobIds) {
    Map<String, String> byCanonical = new LinkedHashMap<>();
    for (String id : jobIds) {
      byCanonical.putIfAbsent(FluxJobId.toF58Plain(FluxJobId.parse(id)), id);
    }
    Map<String, JobStatus> statuses = new LinkedHashMap<>();
    if (byCanonical.isEmpty()) {
      return statuses;
    }
    String[] ids = byCanonical.keySet().toArray(String[]::new);
    CommandResult result = runner.run(FluxJobsFormat.TRACKING.command(ids));
    if (!result.ok() && result.stdout().isBlank() && !result.stderr().contains("unknown")) {
      throw BackendException.failed(runner.target(), result, null);
    }
    Map<String, FluxJobReport> listed = new LinkedHashMap<>();
    for (FluxJobReport report : FluxJobsParser.reports(FluxJobsFormat.TRACKING, result.stdout())) {
      listed.put(report.job().id(), report);
    }
    byCanonical.forEach(
        (canonical, asGiven) -> {
          FluxJobReport report = listed.get(canonical);
          statuses.put(
              asGiven,
              report == null
                  ? JobStatus.notFound(FluxAdapter.KIND, canonical, "flux jobs does not know it")
                  : status(runner, report));
        });
    return statuses;
  }

  private static JobStatus status(CommandRunner runner, FluxJobReport report) {
    JobAccounting job = report.job();
    JobAccounting withGpus = job.start() == null ? job : job.withGpus(gpus(runner, job.id()));
    return new JobStatus(
        job.state().terminal() ? JobStatus.Source.ACCOUNTING : JobStatus.Source.QUEUE,
        withGpus,
        report.reason(),
        report.submitted());
  }

  /** GPUs from R; unknown (null) when R cannot be had, never 0. */
  private static Integer gpus(CommandRunner runner, String id) {
    String command = FluxR.command(FluxJobId.parse(id));
    CommandResult result = runner.run(command);
    if (!result.ok()) {
      return null;
    }
    try {
      return FluxR.gpus(command, result.stdout());
    } catch (ProbeException e) {
      return null;
    }
  }

  /**
   * {@code flux job wait-event ... ID clean} ({@link FluxEventlog}): the job's eventlog, watched
   * instead of polled.
   */
  @Override
  public EndWatch watchEnd(CommandRunner runner, String jobId, Duration upTo) {
    return FluxEventlog.outcome(runner.run(FluxEventlog.waitCommand(FluxJobId.parse(jobId), upTo)));
  }

  /** Every job's eventlog ends in {@code clean}, however the job ended (RFC 21). */
  @Override
  public boolean watchSeesEveryEnd() {
    return true;
  }

  /**
   * {@code flux cancel ID}: silent on success; on failure {@code flux-cancel: ERROR: ID: unknown
   * job id}, {@code job is inactive}, or {@code guests can only raise exceptions on their own
   * jobs}.
   */
  @Override
  public CancelReply cancel(CommandRunner runner, String jobId) {
    String id = FluxJobId.toF58Plain(FluxJobId.parse(jobId));
    CommandResult result = runner.run("flux cancel " + ShellQuote.quote(id));
    String said = result.stderr().strip();
    if (result.ok()) {
      return new CancelReply(CancelOutcome.REQUESTED, said);
    }
    if (said.contains("unknown job id")) {
      return new CancelReply(CancelOutcome.NOT_FOUND, said);
    }
    if (said.contains("job is inactive")) {
      return new CancelReply(CancelOutcome.ALREADY_ENDED, said);
    }
    if (said.contains("guests can only") || said.contains("Operation not permitted")) {
      return new CancelReply(CancelOutcome.PERMISSION_DENIED, said);
    }
    return new CancelReply(
        CancelOutcome.FAILED, said.isEmpty() ? "exit status " + result.exitCode() : said);
  }
}
