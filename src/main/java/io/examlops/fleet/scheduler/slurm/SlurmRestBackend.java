package io.examlops.fleet.scheduler.slurm;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.examlops.fleet.model.ApiSettings;
import io.examlops.fleet.model.CancelOutcome;
import io.examlops.fleet.model.JobState;
import io.examlops.fleet.model.OutputPath;
import io.examlops.fleet.model.QueueEntry;
import io.examlops.fleet.model.SchedulerKind;
import io.examlops.fleet.scheduler.BackendException;
import io.examlops.fleet.scheduler.CancelReply;
import io.examlops.fleet.scheduler.JobBackend;
import io.examlops.fleet.scheduler.JobScript;
import io.examlops.fleet.scheduler.JobSpec;
import io.examlops.fleet.scheduler.JobStatus;
import io.examlops.fleet.scheduler.MarkLookup;
import io.examlops.fleet.scheduler.ProbeException;
import io.examlops.fleet.scheduler.SubmitReply;
import io.examlops.fleet.transport.CommandRunner;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Slurm jobs through slurmrestd: {@code POST job/submit} with the same script, options and output
 * pattern sbatch gets over SSH; {@code GET jobs} for the queue and for following; {@code DELETE
 * job/ID} to cancel. Submissions and cancels act as the cluster user the fleet user is mapped to (a
 * token minted for them), so the job runs as that person. What only a shell can do is said plainly:
 * no exit-status record is left, so a job slurmctld has forgotten is LOST unless accounting
 * answers.
 */
final class SlurmRestBackend implements JobBackend {
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  /** What a job's environment holds besides the script's own variables: a plain search path. */
  private static final String PATH = "/usr/local/bin:/usr/bin:/bin";

  private final Clock clock;

  SlurmRestBackend(Clock clock) {
    this.clock = clock;
  }

  @Override
  public SchedulerKind kind() {
    return SlurmAdapter.KIND;
  }

  @Override
  public String manualCancel(String jobId) {
    return SlurmBackend.scancel(jobId);
  }

  @Override
  public SubmitReply submit(CommandRunner runner, JobSpec request) {
    SlurmRestClient rest = SlurmRest.client(runner, clock);
    String user = rest.userFor(true);
    SlurmApiVersion version = rest.version();
    String path = rest.slurm("/job/submit");
    JsonNode answer;
    try {
      answer =
          rest.sendOnBehalf(
              "POST",
              path,
              body(
                  request,
                  version,
                  user,
                  ApiSettings.jobDirectory(rest.api().target().settings(), user)));
    } catch (ProbeException e) {
      // Slurm's refusal (a partition that does not exist, a limit): the submission's answer
      return SubmitReply.rejected(e.getMessage());
    }
    Long id = SlurmJson.optional(answer.path("job_id"), true);
    if (id == null) {
      throw new BackendException(
          rest.target()
              + ": POST "
              + path
              + " answered without a job id: "
              + SlurmJson.abbreviate(answer));
    }
    return SubmitReply.accepted(List.of(Long.toString(id)), null);
  }

  /**
   * The job as the version asks for it: up to 0.0.38 the environment is an object and GPUs a {@code
   * gres} per node; from 0.0.41 the environment is a list of {@code NAME=value} and GPUs are {@code
   * tres_per_node} ({@code gres/gpu:K}) or {@code tres_per_job}.
   */
  static ObjectNode body(JobSpec request, SlurmApiVersion version, String user, String workdir) {
    ObjectNode job = NODES.objectNode();
    job.put("name", request.name());
    if (request.partition() != null) {
      job.put("partition", request.partition());
    }
    if (request.account() != null) {
      job.put("account", request.account());
    }
    if (request.mark() != null) {
      job.put("comment", request.mark());
    }
    if (request.timeLimit() != null) {
      long minutes = Math.max(1, (request.timeLimit().getSeconds() + 59) / 60);
      if (version.openapiPlugin()) {
        job.put("time_limit", minutes);
      } else {
        job.set("time_limit", number(minutes));
      }
    }
    job.put("current_working_directory", workdir);
    job.put("standard_output", OutputPath.orDefault(request.output()).under(workdir).pattern());
    Map<String, String> environment = new LinkedHashMap<>();
    environment.put("PATH", PATH);
    environment.put("USER", user);
    environment.put("LOGNAME", user);
    int gpus = request.gpus();
    int nodes = request.nodes();
    int perNode = request.gpusPerNode();
    if (version.openapiPlugin()) {
      ObjectNode env = job.putObject("environment");
      environment.forEach(env::put);
      job.putArray("nodes").add(nodes).add(nodes);
      if (gpus > 0) {
        job.put("gres", "gpu:" + perNode);
      }
    } else {
      var env = job.putArray("environment");
      environment.forEach((k, v) -> env.add(k + "=" + v));
      job.put("nodes", Integer.toString(nodes));
      if (gpus > 0) {
        job.put("tres_per_node", "gres/gpu:" + perNode);
      }
    }
    String script = new String(JobScript.render(request, List.of()), StandardCharsets.UTF_8);
    ObjectNode body = NODES.objectNode();
    if (version.openapiPlugin()) {
      body.put("script", script);
    } else {
      job.put("script", script);
    }
    body.set("job", job);
    return body;
  }

  private static ObjectNode number(long n) {
    ObjectNode wrapped = NODES.objectNode();
    wrapped.put("set", true);
    wrapped.put("infinite", false);
    wrapped.put("number", n);
    return wrapped;
  }

  /** Pending and running jobs of every user, as {@code squeue -a} lists them. */
  @Override
  public List<QueueEntry> queue(CommandRunner runner) {
    return jobs(SlurmRest.client(runner, clock)).stream()
        .filter(j -> !j.status().state().terminal())
        .map(SlurmRestJobs.Job::entry)
        .toList();
  }

  /**
   * One listing of slurmctld's jobs (live ones, and ended ones it still remembers), then, for the
   * ids it does not know, accounting; a job neither knows is LOST, saying so.
   */
  @Override
  public Map<String, JobStatus> track(CommandRunner runner, List<String> jobIds) {
    Map<String, JobStatus> found = new LinkedHashMap<>();
    if (jobIds.isEmpty()) {
      return found;
    }
    SlurmRestClient rest = SlurmRest.client(runner, clock);
    Map<String, JobStatus> listed = new LinkedHashMap<>();
    jobs(rest).forEach(j -> listed.put(j.id(), j.status()));
    for (String id : jobIds) {
      JobStatus status = listed.get(id);
      found.put(id, status != null ? status : forgotten(rest, id));
    }
    return found;
  }

  /** A job slurmctld no longer lists: accounting's record where slurmrestd reaches slurmdbd. */
  private JobStatus forgotten(SlurmRestClient rest, String id) {
    String path = rest.slurmdb("/job/" + id);
    String why;
    try {
      var jobs = SlurmRestAccounting.read("GET " + path, rest.get(path), rest.version());
      for (var job : jobs) {
        if (job.id().equals(id)) {
          return JobStatus.fromAccounting(job);
        }
      }
      why = "accounting (GET " + path + ") does not know it either";
    } catch (ProbeException | io.examlops.fleet.transport.TransportException e) {
      why = "accounting could not be asked (" + e.getMessage() + ")";
    }
    return JobStatus.lost(
        io.examlops.fleet.model.JobAccounting.only(SlurmAdapter.KIND, id, JobState.LOST),
        "slurmctld no longer lists it (GET "
            + rest.slurm("/jobs")
            + ") and "
            + why
            + "; over slurmrestd no exit-status record can be read");
  }

  private List<SlurmRestJobs.Job> jobs(SlurmRestClient rest) {
    String path = rest.slurm("/jobs");
    return SlurmRestJobs.read("GET " + path, rest.get(path), clock.instant());
  }

  /** {@code DELETE job/ID} as the user the request acts for. */
  @Override
  public CancelReply cancel(CommandRunner runner, String jobId) {
    SlurmRestClient rest = SlurmRest.client(runner, clock);
    String path = rest.slurm("/job/" + requireJobId(jobId));
    try {
      JsonNode answer = rest.sendOnBehalf("DELETE", path, null);
      if (answer.has("status") || rest.version().openapiPlugin()) {
        return cancelled(answer);
      }
      // v0.0.41 answers the same for a job cancelled, already ended or unknown: ask slurmctld
      boolean known = jobs(rest).stream().anyMatch(j -> j.id().equals(jobId));
      return known
          ? new CancelReply(CancelOutcome.REQUESTED, "")
          : new CancelReply(CancelOutcome.NOT_FOUND, "slurmctld does not know job " + jobId);
    } catch (ProbeException e) {
      String said = e.getMessage();
      if (said.contains("Invalid job id")) {
        return new CancelReply(CancelOutcome.NOT_FOUND, said);
      }
      if (said.contains("already completing or completed")) {
        return new CancelReply(CancelOutcome.ALREADY_ENDED, said);
      }
      if (said.contains("Access/permission denied")) {
        return new CancelReply(CancelOutcome.PERMISSION_DENIED, said);
      }
      return new CancelReply(CancelOutcome.FAILED, said);
    }
  }

  /**
   * What a cancel's answer says from v0.0.42 on: {@code status} lists the job with Slurm's error
   * when it was not cancelled (2017: no such job; 2021: already ended), and is empty otherwise.
   */
  static CancelReply cancelled(JsonNode answer) {
    for (JsonNode status : answer.path("status")) {
      int code = status.path("error").path("code").asInt(0);
      String words = status.path("error").path("string").asText("");
      if (code == SlurmRestErrors.INVALID_JOB_ID) {
        return new CancelReply(CancelOutcome.NOT_FOUND, words);
      }
      if (code == SlurmRestErrors.ALREADY_ENDED) {
        return new CancelReply(CancelOutcome.ALREADY_ENDED, words);
      }
      if (code != 0) {
        return new CancelReply(CancelOutcome.FAILED, words + " (Slurm error " + code + ")");
      }
    }
    return new CancelReply(CancelOutcome.REQUESTED, "");
  }

  /** The job whose comment is the mark, while slurmctld remembers it. */
  @Override
  public MarkLookup findMarked(CommandRunner runner, String mark, String name) {
    return jobs(SlurmRest.client(runner, clock)).stream()
        .filter(j -> mark.equals(j.comment()))
        .findFirst()
        .map(j -> MarkLookup.found(j.id()))
        .orElse(MarkLookup.notFound());
  }

  private static String requireJobId(String jobId) {
    if (jobId == null || !jobId.matches("\\d{1,10}")) {
      throw new IllegalArgumentException(
          "'" + jobId + "' is not a Slurm job id slurmrestd takes (digits)");
    }
    return jobId;
  }
}
