package io.examlops.fleet.scheduler.flux;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.examlops.fleet.scheduler.EndWatch;
import io.examlops.fleet.scheduler.ProbeException;
import io.examlops.fleet.transport.CommandResult;
import io.examlops.fleet.transport.ShellQuote;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A job's eventlog, watched instead of polled: {@code flux job wait-event --format=json --verbose
 * --timeout=T ID clean} returns as soon as the job's last event, {@code clean}, is posted (after
 * {@code finish}, {@code release} and {@code free}; from then on {@code flux jobs} lists the job
 * inactive, with its result), or fails after T. It asks the broker's job-info module, which pushes
 * each new event, so it costs the instance nothing while it waits.
 */
final class FluxEventlog {
  /** The event that closes every job's eventlog (RFC 21), however the job ended. */
  static final String LAST_EVENT = "clean";

  private static final ObjectMapper JSON = new ObjectMapper();

  private FluxEventlog() {}

  /** The watch of one job for at most {@code upTo} (flux reads the timeout as seconds). */
  static String waitCommand(long id, Duration upTo) {
    return "flux job wait-event --format=json --verbose --timeout="
        + String.format(Locale.ROOT, "%.3fs", upTo.toMillis() / 1000.0)
        + " "
        + ShellQuote.quote(FluxJobId.toF58Plain(id))
        + " "
        + LAST_EVENT;
  }

  /**
   * What a {@link #waitCommand} came to: ENDED when its events reach {@link #LAST_EVENT}; QUIET on
   * flux's {@code wait-event timeout on event 'clean'}; UNWATCHABLE otherwise ({@code job ID not
   * found}, a flux without {@code wait-event} or its options, output that is not an eventlog), so
   * that the job is polled as before. Pure.
   */
  static EndWatch outcome(CommandResult result) {
    if (result.ok()) {
      try {
        return names(result.command(), result.stdout()).contains(LAST_EVENT)
            ? EndWatch.ENDED
            : EndWatch.UNWATCHABLE;
      } catch (ProbeException e) {
        return EndWatch.UNWATCHABLE;
      }
    }
    return result.stderr().contains("wait-event timeout on event")
        ? EndWatch.QUIET
        : EndWatch.UNWATCHABLE;
  }

  /**
   * The names of the events in eventlog lines as {@code --format=json} prints them (and {@code flux
   * job info ID eventlog}): one RFC 18 entry per line, {@code
   * {"timestamp":1796108546.4886088,"name":"finish","context":{"status":768}}}. Blank lines are
   * skipped. Pure.
   *
   * @throws ProbeException at a line that is not such an entry
   */
  static List<String> names(String command, String text) {
    List<String> names = new ArrayList<>();
    String[] lines = text.split("\n", -1);
    for (int i = 0; i < lines.length; i++) {
      String line = lines[i].strip();
      if (line.isEmpty()) {
        continue;
      }
      JsonNode entry;
      try {
        entry = JSON.readTree(line);
      } catch (JsonProcessingException e) {
        throw ProbeException.badLine(command, i + 1, line, "not a JSON eventlog entry");
      }
      JsonNode name = entry == null ? null : entry.get("name");
      if (name == null || !name.isTextual() || !entry.path("timestamp").isNumber()) {
        throw ProbeException.badLine(command, i + 1, line, "an entry needs a name and a timestamp");
      }
      names.add(name.asText());
    }
    return names;
  }
}
