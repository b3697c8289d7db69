package io.examlops.fleet.scheduler.flux;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.examlops.fleet.discovery.ProbeException;
import io.examlops.fleet.hostlist.HostlistException;
import io.examlops.fleet.hostlist.Idset;

/**
 * A job's resource set R (RFC 20, {@code flux job info ID R}): the only place Flux says how many
 * GPUs a job holds, since {@code flux jobs} has no GPU field.
 */
public final class FluxR {
  private static final ObjectMapper JSON = new ObjectMapper();

  private FluxR() {}

  /** {@code flux job info <id> R}, the id in ASCII F58 so no locale can mangle it. */
  public static String command(long jobId) {
    return "flux job info " + FluxJobId.toF58Plain(jobId) + " R";
  }

  /**
   * GPUs in R: for each {@code R_lite} entry, ranks × GPU ids per rank. An entry without a {@code
   * gpu} child has none.
   *
   * @throws ProbeException when the text is not an R with {@code execution.R_lite}
   */
  public static int gpus(String command, String json) {
    JsonNode rLite;
    try {
      JsonNode root = JSON.readTree(json == null ? "" : json);
      rLite = root == null ? null : root.path("execution").get("R_lite");
    } catch (JsonProcessingException e) {
      throw new ProbeException("cannot read `" + command + "`: not JSON: " + e.getOriginalMessage());
    }
    if (rLite == null || !rLite.isArray()) {
      throw new ProbeException(
          "cannot read `" + command + "`: no execution.R_lite list; is this a job's R (RFC 20)?");
    }
    long total = 0;
    for (JsonNode entry : rLite) {
      try {
        long ranks = Idset.count(entry.path("rank").asText());
        JsonNode gpu = entry.path("children").get("gpu");
        total += gpu == null ? 0 : ranks * Idset.count(gpu.asText());
      } catch (HostlistException e) {
        throw new ProbeException("cannot read `" + command + "`: " + e.getMessage(), e);
      }
    }
    if (total > Integer.MAX_VALUE) {
      throw new ProbeException("cannot read `" + command + "`: " + total + " GPUs is not plausible");
    }
    return (int) total;
  }
}
