package io.examlops.fleet.scheduler.flux;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.examlops.fleet.model.JobAccounting;
import io.examlops.fleet.model.QueueEntry;
import io.examlops.fleet.model.UnitDuration;
import io.examlops.fleet.scheduler.ProbeException;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * Reads {@code flux jobs --json} (flux-core 0.49 and later): {@code {"jobs": [...]}}, or one bare
 * job object when a single job id was given. Keys are absent, not null, when they do not apply;
 * {@code id} may exceed 2^53, so it is read as an exact integer, never through a double.
 */
public final class FluxJobsJsonParser {
  private static final ObjectMapper JSON =
      new ObjectMapper().enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);

  private FluxJobsJsonParser() {}

  public static List<QueueEntry> queue(String command, String stdout) {
    return read(command, stdout, FluxJob::toQueueEntry);
  }

  public static List<JobAccounting> accounting(String command, String stdout) {
    return read(command, stdout, FluxJob::toAccounting);
  }

  private static <T> List<T> read(String command, String stdout, Function<FluxJob, T> convert) {
    JsonNode root;
    try {
      root = JSON.readTree(stdout == null ? "" : stdout);
    } catch (JsonProcessingException e) {
      int line = e.getLocation() == null ? 0 : e.getLocation().getLineNr();
      throw new ProbeException(
          "cannot read `"
              + command
              + "`: not JSON at line "
              + line
              + ": "
              + e.getOriginalMessage());
    } catch (NumberFormatException e) {
      // Jackson reads floats as BigDecimal here, and refuses exponents a BigDecimal cannot hold.
      throw new ProbeException("cannot read `" + command + "`: " + e.getMessage());
    }
    if (root == null || root.isMissingNode() || !root.isObject()) {
      throw new ProbeException("cannot read `" + command + "`: expected a JSON object");
    }
    List<JsonNode> jobs = new ArrayList<>();
    if (root.has("jobs")) {
      root.get("jobs").forEach(jobs::add);
    } else {
      jobs.add(root);
    }
    List<T> out = new ArrayList<>();
    for (int i = 0; i < jobs.size(); i++) {
      try {
        out.add(convert.apply(job(jobs.get(i))));
      } catch (IllegalArgumentException e) {
        throw new ProbeException(
            "cannot read job " + (i + 1) + " of `" + command + "`: " + e.getMessage());
      }
    }
    return out;
  }

  private static FluxJob job(JsonNode j) {
    return new FluxJob(
        id(j),
        text(j, "name"),
        text(j, "username"),
        text(j, "queue"),
        text(j, "bank"),
        j.has("status")
            ? FluxJobStates.normalize(j.get("status").asText())
            : FluxJobStates.normalize(text(j, "state"), text(j, "result")),
        j.has("status") ? j.get("status").asText() : text(j, "state"),
        integer(j, "nnodes"),
        integer(j, "ncores"),
        duration(j.get("runtime")),
        epoch(j.get("t_run")),
        epoch(j.get("t_inactive")),
        integer(j, "returncode"),
        text(j, "nodelist"),
        waitingFor(j),
        epoch(j.get("t_submit")),
        exception(j, "type"),
        exception(j, "note"));
  }

  /** The exact integer {@code id}; the F58 {@code jobid} string when only that is there. */
  private static long id(JsonNode j) {
    JsonNode id = j.get("id");
    if (id != null && id.isIntegralNumber()) {
      return FluxJobId.parse(id.bigIntegerValue().toString());
    }
    if (j.hasNonNull("jobid")) {
      return FluxJobId.parse(j.get("jobid").asText());
    }
    throw new IllegalArgumentException("the job has no integer 'id' and no 'jobid'");
  }

  /** What {@code contextual_info} would say for a waiting job: held, dependencies, priority. */
  private static String waitingFor(JsonNode j) {
    if (j.has("urgency") && j.get("urgency").asInt() == 0) {
      return "held";
    }
    JsonNode deps = j.get("dependencies");
    if (deps != null && deps.isArray() && deps.size() > 0) {
      List<String> names = new ArrayList<>();
      deps.forEach(d -> names.add(d.asText()));
      return "depends:" + String.join(",", names);
    }
    return "PRIORITY".equals(text(j, "state")) ? "priority-wait" : null;
  }

  /** A field of {@code exception} when one occurred; else {@code null}. */
  private static String exception(JsonNode j, String key) {
    JsonNode exception = j.path("exception");
    return exception.path("occurred").asBoolean(false) ? text(exception, key) : null;
  }

  private static String text(JsonNode j, String key) {
    JsonNode node = j.get(key);
    return node == null || node.isNull() || node.asText().isEmpty() ? null : node.asText();
  }

  private static Integer integer(JsonNode j, String key) {
    JsonNode node = j.get(key);
    if (node == null || node.isNull()) {
      return null;
    }
    if (!node.isIntegralNumber()) {
      throw new IllegalArgumentException("'" + key + "' is " + node + ", not a whole number");
    }
    return node.intValue();
  }

  private static Duration duration(JsonNode node) {
    BigDecimal s = seconds(node);
    return s == null ? null : Duration.ofNanos(UnitDuration.nanos(s, s.toString()));
  }

  /** Absent or 0.0: the moment has not come. */
  private static Instant epoch(JsonNode node) {
    BigDecimal s = seconds(node);
    return s == null || s.signum() == 0
        ? null
        : Instant.ofEpochSecond(0, UnitDuration.nanos(s, s.toString()));
  }

  private static BigDecimal seconds(JsonNode node) {
    if (node == null || node.isNull()) {
      return null;
    }
    if (!node.isNumber()) {
      throw new IllegalArgumentException("expected a number of seconds, got " + node);
    }
    return node.decimalValue();
  }
}
