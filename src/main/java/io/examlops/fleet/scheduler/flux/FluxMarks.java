package io.examlops.fleet.scheduler.flux;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.examlops.fleet.transport.ShellQuote;
import java.util.Optional;

/**
 * Finding a job by the mark it was submitted with: {@code flux batch
 * --setattr=user.examlops_mark=MARK} keeps it in the jobspec, and the jobs of the submission's name
 * (active or inactive, every user) are read back with {@code flux job info ID jobspec}. The command
 * and its reader live together here.
 */
final class FluxMarks {
  /** The user attribute that holds the mark. */
  static final String ATTRIBUTE = "examlops_mark";

  /** How many of the newest jobs of the name are read: a submission is found among the last. */
  static final int CANDIDATES = 50;

  private static final ObjectMapper JSON = new ObjectMapper();

  private FluxMarks() {}

  /** The {@code flux batch} argument that keeps the mark. */
  static String setattr(String mark) {
    return "--setattr=user." + ATTRIBUTE + "=" + mark;
  }

  /** Prints {@code == ID} and the jobspec (one JSON line) of each recent job of that name. */
  static String command(String name) {
    return "for id in $(flux jobs -n -a -A --name="
        + ShellQuote.quote(name)
        + " -o '{id.dec}' | head -n "
        + CANDIDATES
        + "); do echo \"== $id\"; flux job info \"$id\" jobspec 2>/dev/null; echo; done";
  }

  /** The id of the job whose jobspec holds the mark, in what {@link #command} printed. */
  static Optional<String> find(String stdout, String mark) {
    String id = null;
    for (String line : stdout.split("\\R")) {
      String text = line.strip();
      if (text.startsWith("== ")) {
        id = text.substring(3).strip();
      } else if (id != null && text.startsWith("{") && mark.equals(markOf(text))) {
        return Optional.of(id);
      }
    }
    return Optional.empty();
  }

  private static String markOf(String jobspec) {
    try {
      JsonNode mark = JSON.readTree(jobspec).path("attributes").path("user").path(ATTRIBUTE);
      return mark.isTextual() ? mark.asText() : null;
    } catch (JsonProcessingException e) {
      return null;
    }
  }
}
