package io.examlops.fleet.scheduler.slurm;

import com.fasterxml.jackson.databind.JsonNode;
import io.examlops.fleet.model.JobAccounting;
import io.examlops.fleet.model.JobState;
import io.examlops.fleet.model.QueueEntry;
import io.examlops.fleet.scheduler.JobStatus;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * slurmrestd's jobs ({@code GET /slurm/vX/jobs}, {@code /job/ID}) in the words {@code squeue} gives
 * them ({@link SqueueParser}): the same states, reasons, exit codes and GPU counts. Pure: the time
 * is given, for the elapsed time of a running job.
 */
final class SlurmRestJobs {
  private SlurmRestJobs() {}

  /**
   * One job as slurmrestd describes it, with its comment (where a submission's mark is kept).
   *
   * @param status where it stands, as squeue would say
   * @param comment the job's comment, or {@code null}
   * @param reason why it waits or ended, as squeue's reason column says it; {@code null}: none
   */
  record Job(JobStatus status, String comment, String reason) {
    String id() {
      return status.job().id();
    }

    QueueEntry entry() {
      JobAccounting j = status.job();
      return new QueueEntry(
          SlurmAdapter.KIND,
          j.id(),
          j.name(),
          j.user(),
          j.state(),
          j.rawState(),
          j.partition(),
          j.nodes(),
          null,
          j.gpus(),
          j.elapsed(),
          reason,
          j.nodeList());
    }
  }

  /**
   * Every job of a {@code jobs} answer.
   *
   * @param what the request, for messages
   */
  static List<Job> read(String what, JsonNode root, Instant now) {
    return SlurmJson.items(
        what, root, "jobs", (i, job) -> "job " + i + " cannot be read", job -> job(job, now));
  }

  private static Job job(JsonNode job, Instant now) {
    String rawState = rawState(job.path("job_state"));
    JobState state = baseState(job.path("job_state"));
    boolean ended = state.terminal();
    Instant start = state == JobState.PENDING ? null : epoch(job.path("start_time"), "start_time");
    Instant end = ended ? epoch(job.path("end_time"), "end_time") : null;
    SlurmExitCode exit = ended ? exitCode(job.path("exit_code")) : null;
    Integer nodes = integer(job.path("node_count"));
    JobAccounting facts =
        new JobAccounting(
            SlurmAdapter.KIND,
            id(job),
            SlurmJson.text(job.path("name")),
            SlurmJson.text(job.path("user_name")),
            nonEmpty(SlurmJson.text(job.path("account"))),
            nonEmpty(SlurmJson.text(job.path("partition"))),
            state,
            rawState,
            exit == null ? null : exit.statusIn(state),
            exit == null ? null : exit.signalOrNull(),
            start == null ? null : Duration.between(start, end != null ? end : now).abs(),
            start,
            end,
            nodes,
            nonEmpty(SlurmJson.text(job.path("nodes"))),
            gpus(job, nodes));
    String reason = SlurmJson.text(job.path("state_reason"));
    reason = reason == null || reason.isEmpty() || reason.equals("None") ? null : reason;
    return new Job(
        JobStatus.fromQueue(facts, SqueueParser.reason(state, reason)),
        nonEmpty(SlurmJson.text(job.path("comment"))),
        reason);
  }

  /** {@code 42}, or {@code 5_0} for a task of array job 5, as squeue names them. */
  private static String id(JsonNode job) {
    long id = SlurmJson.count(job.path("job_id"), "job_id");
    Long arrayJob = SlurmJson.optional(job.path("array_job_id"), true);
    Long task = SlurmJson.optional(job.path("array_task_id"), false);
    return arrayJob != null && task != null ? arrayJob + "_" + task : Long.toString(id);
  }

  /** A word up to 0.0.38; a list of the base state and its flags from data_parser on. */
  private static String rawState(JsonNode value) {
    if (value.isArray()) {
      return String.join(",", SlurmJson.words(value));
    }
    String word = SlurmJson.text(value);
    if (word == null || word.isEmpty()) {
      throw new IllegalArgumentException("it has no job_state");
    }
    return word;
  }

  private static JobState baseState(JsonNode value) {
    if (!value.isArray()) {
      return SlurmJobStates.normalize(value.asText());
    }
    for (String word : SlurmJson.words(value)) {
      JobState state = SlurmJobStates.normalize(word);
      if (state != JobState.UNKNOWN) {
        return state;
      }
    }
    return JobState.UNKNOWN;
  }

  /**
   * A wait status up to 0.0.38 ({@code 768}: exit 3); from data_parser on {@code {"status",
   * "return_code", "signal": {"id"}}}, read to the same value.
   */
  private static SlurmExitCode exitCode(JsonNode value) {
    if (value.isMissingNode() || value.isNull()) {
      return null;
    }
    if (!value.isObject()) {
      return SlurmExitCode.parse("exit_code", value.asText());
    }
    Long status = SlurmJson.optional(value.path("return_code"), false);
    Long signal = SlurmJson.optional(value.path("signal").path("id"), false);
    if (status == null && signal == null) {
      return null;
    }
    return new SlurmExitCode(
        status == null ? 0 : status.intValue(), signal == null ? 0 : signal.intValue());
  }

  /** Allocated GPUs first, then what was asked per job or per node, as squeue's columns tell. */
  private static Integer gpus(JsonNode job, Integer nodes) {
    Integer allocated = SlurmGpus.count(SlurmJson.text(job.path("tres_alloc_str")));
    if (allocated != null) {
      return allocated;
    }
    Integer perJob = SlurmGpus.count(SlurmJson.text(job.path("tres_per_job")));
    if (perJob != null) {
      return perJob;
    }
    Integer perNode = SlurmGpus.count(SlurmJson.text(job.path("tres_per_node")));
    if (perNode != null) {
      return nodes == null ? null : perNode * nodes;
    }
    Integer requested = SlurmGpus.count(SlurmJson.text(job.path("tres_req_str")));
    if (requested != null) {
      return requested;
    }
    return job.has("tres_req_str") ? 0 : null;
  }

  /** Seconds since the epoch; 0 (and Slurm's none) is no time. */
  private static Instant epoch(JsonNode value, String field) {
    try {
      Long seconds = SlurmJson.optional(value, true);
      return seconds == null ? null : Instant.ofEpochSecond(seconds);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(field + " is " + e.getMessage());
    }
  }

  private static Integer integer(JsonNode value) {
    Long n = SlurmJson.optional(value, false);
    return n == null ? null : n.intValue();
  }

  private static String nonEmpty(String text) {
    return text == null || text.isEmpty() ? null : text;
  }
}
