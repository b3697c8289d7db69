package io.examlops.fleet.scheduler.slurm;

import com.fasterxml.jackson.databind.JsonNode;
import io.examlops.fleet.model.Printable;
import io.examlops.fleet.scheduler.ProbeException;
import io.examlops.fleet.transport.ApiReply;
import io.examlops.fleet.transport.TransportException;
import java.util.ArrayList;
import java.util.List;

/**
 * Slurm's {@code errors} array in a slurmrestd answer, in words. Every version writes each error as
 * {@code error}, {@code description} and {@code error_number} (some without the last), and
 * slurmrestd answers HTTP 500 for most of them, including a token slurmctld refused.
 */
final class SlurmRestErrors {
  /** Slurm's {@code ESLURM_INVALID_JOB_ID}: the job is not (or no longer) known to slurmctld. */
  static final int INVALID_JOB_ID = 2017;

  /** Slurm's {@code ESLURM_ALREADY_DONE}: the job already ended or is ending. */
  static final int ALREADY_ENDED = 2021;

  /** What 22.05's slurmctld answers for a token it refuses (expired, forged, another key). */
  private static final String REFUSED_TOKEN = "slurmctld config is unable to load";

  private SlurmRestErrors() {}

  /** Refuses an answer that carries errors, saying Slurm's words and what they most often mean. */
  static void requireNone(String target, ApiReply reply, JsonNode root) {
    List<String> said = said(root);
    if (said.isEmpty() && reply.ok()) {
      return;
    }
    String words = said.isEmpty() ? "HTTP " + reply.status() : String.join("; ", said);
    if (words.contains(REFUSED_TOKEN) || words.contains("Protocol authentication error")) {
      throw new TransportException(
          target,
          TransportException.Step.AUTHENTICATION,
          reply.request()
              + ": Slurm refused the request ("
              + words
              + "): the token is expired, forged, for another user than the one named, or signed"
              + " with another key than the cluster's; mint or issue a new one");
    }
    throw new ProbeException(target + ": " + reply.request() + ": Slurm answered: " + words);
  }

  /** Each error as {@code error (description)}; empty when there is none. */
  static List<String> said(JsonNode root) {
    List<String> said = new ArrayList<>();
    root.path("errors")
        .forEach(
            e -> {
              String error = e.path("error").asText("");
              String description = e.path("description").asText("");
              said.add(
                  description.isEmpty() || description.equals(error)
                      ? error
                      : error.isEmpty() ? description : error + " (" + description + ")");
            });
    return said;
  }

  /** Whether the only error is an unknown job id. */
  static boolean unknownJob(JsonNode root) {
    JsonNode errors = root.path("errors");
    if (!errors.isArray() || errors.isEmpty()) {
      return false;
    }
    for (JsonNode e : errors) {
      if (e.path("error_number").asInt(-1) != INVALID_JOB_ID
          && !e.path("error").asText("").contains("Invalid job id")) {
        return false;
      }
    }
    return true;
  }

  /** The first line of a body, quoted, shortened and made printable, for messages. */
  static String firstLine(String body) {
    return Printable.quoted(body == null ? "" : body.strip().lines().findFirst().orElse(""));
  }
}
