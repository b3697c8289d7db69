package io.examlops.fleet.scheduler.flux;

import io.examlops.fleet.scheduler.ProbeException;
import io.examlops.fleet.scheduler.SubmitReply;
import io.examlops.fleet.transport.CommandResult;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads what {@code flux batch} / {@code flux submit} answered: one job id per line on stdout
 * (several with {@code --cc}); on failure, the message on stderr ({@code [Errno 1] Invalid queue
 * 'nosuch' specified}, {@code flux-batch: ERROR: ...}).
 */
public final class FluxSubmitParser {
  private FluxSubmitParser() {}

  /**
   * Accepted with the ids (ASCII F58) when any were printed, whatever the exit status: {@code flux
   * submit --wait} exits with the job's own status. Rejected with stderr when none were printed. A
   * request Flux can never satisfy is still accepted here; it fails later in {@code flux jobs}.
   *
   * @throws ProbeException when stdout holds something that is not a job id
   */
  public static SubmitReply parse(CommandResult result) {
    List<String> ids = new ArrayList<>();
    String[] lines = result.stdout().split("\\R");
    for (int i = 0; i < lines.length; i++) {
      if (lines[i].isBlank()) {
        continue;
      }
      try {
        ids.add(FluxJobId.toF58Plain(FluxJobId.parse(lines[i])));
      } catch (IllegalArgumentException e) {
        throw ProbeException.badLine(result.command(), i + 1, lines[i], e.getMessage());
      }
    }
    if (!ids.isEmpty()) {
      return SubmitReply.accepted(ids, null);
    }
    String stderr = result.stderr().strip();
    return SubmitReply.rejected(
        stderr.isEmpty() ? "exit status " + result.exitCode() + " and no job id" : stderr);
  }
}
