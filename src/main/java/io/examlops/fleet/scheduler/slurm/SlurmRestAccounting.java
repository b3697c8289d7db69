package io.examlops.fleet.scheduler.slurm;

import com.fasterxml.jackson.databind.JsonNode;
import io.examlops.fleet.model.JobAccounting;
import io.examlops.fleet.model.JobState;
import io.examlops.fleet.scheduler.ProbeException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Accounting's jobs through slurmrestd ({@code GET /slurmdb/vX/job/ID}) in the words {@code sacct}
 * gives them ({@link SacctParser}). Pure.
 *
 * <p>Each job has {@code state.current} (a word up to 0.0.38, a list from data_parser on), {@code
 * time.start}, {@code time.end} and {@code time.elapsed} in seconds, {@code exit_code} with {@code
 * return_code} and {@code signal}, and {@code tres.allocated} entries of {@code type} gres, {@code
 * name} gpu.
 */
final class SlurmRestAccounting {
  private SlurmRestAccounting() {}

  static List<JobAccounting> read(String what, JsonNode root, SlurmApiVersion version) {
    JsonNode jobs = root.path("jobs");
    if (!jobs.isArray()) {
      throw new ProbeException(what + " answered without a 'jobs' list");
    }
    List<JobAccounting> read = new ArrayList<>();
    for (JsonNode job : jobs) {
      try {
        read.add(job(job, version.openapiPlugin()));
      } catch (IllegalArgumentException e) {
        throw new ProbeException(what + ": a job cannot be read: " + e.getMessage(), e);
      }
    }
    return read;
  }

  private static JobAccounting job(JsonNode job, boolean exitCodeUnknown) {
    JsonNode current = job.path("state").path("current");
    List<String> words = current.isArray() ? SlurmJson.words(current) : List.of(current.asText(""));
    JobState state = JobState.UNKNOWN;
    for (String word : words) {
      state = SlurmJobStates.normalize(word);
      if (state != JobState.UNKNOWN) {
        break;
      }
    }
    JsonNode time = job.path("time");
    Instant start = epoch(time.path("start"));
    Instant end = state.terminal() ? epoch(time.path("end")) : null;
    Long elapsed = SlurmJson.optional(time.path("elapsed"), false);
    JsonNode exit = job.path("exit_code");
    Long status = SlurmJson.optional(exit.path("return_code"), false);
    JsonNode signalNode = exit.path("signal");
    Long signal =
        SlurmJson.optional(
            signalNode.has("id") ? signalNode.path("id") : signalNode.path("signal_id"), false);
    SlurmExitCode code =
        exitCodeUnknown || (status == null && signal == null)
            ? null
            : new SlurmExitCode(
                status == null ? 0 : status.intValue(), signal == null ? 0 : signal.intValue());
    JsonNode arrayTask = job.path("array").path("task_id");
    Long task = SlurmJson.optional(arrayTask, false);
    Long arrayJob = SlurmJson.optional(job.path("array").path("job_id"), true);
    long id = SlurmJson.count(job.path("job_id"), "job_id");
    return new JobAccounting(
        SlurmAdapter.KIND,
        arrayJob != null && task != null ? arrayJob + "_" + task : Long.toString(id),
        SlurmJson.text(job.path("name")),
        SlurmJson.text(job.path("user")),
        SlurmJson.text(job.path("account")),
        SlurmJson.text(job.path("partition")),
        state,
        String.join(",", words),
        code == null || !state.terminal() ? null : code.statusIn(state),
        code == null || !state.terminal() ? null : code.signalOrNull(),
        elapsed == null ? null : Duration.ofSeconds(elapsed),
        start,
        end,
        null,
        SlurmJson.text(job.path("nodes")),
        gpus(job.path("tres").path("allocated")));
  }

  /** The GPUs among allocated TRES; 0 when they were allocated and none is a GPU. */
  private static Integer gpus(JsonNode allocated) {
    if (!allocated.isArray()) {
      return null;
    }
    int gpus = 0;
    for (JsonNode tres : allocated) {
      if ("gres".equals(tres.path("type").asText()) && "gpu".equals(tres.path("name").asText())) {
        gpus += (int) SlurmJson.count(tres.path("count"), "tres gpu count");
      }
    }
    return gpus;
  }

  private static Instant epoch(JsonNode value) {
    Long seconds = SlurmJson.optional(value, true);
    return seconds == null ? null : Instant.ofEpochSecond(seconds);
  }
}
