package io.examlops.fleet.scheduler.flux;

import io.examlops.fleet.scheduler.OutputLine;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads {@code flux queue status}: per queue a line {@code NAME: Job submission is
 * enabled|disabled[: MESSAGE]} and a line {@code NAME: Scheduling is started|stopped[: MESSAGE]};
 * without queues the lines have no {@code NAME:} prefix. Plain text, unlike {@code flux queue
 * list}, which writes colour escapes even into a file.
 */
public final class FluxQueueStatusParser {
  private static final Pattern LINE =
      Pattern.compile(
          "(?:([A-Za-z0-9_.-]+): )?(Job submission|Scheduling) is"
              + " (enabled|disabled|started|stopped)(?:: (.*))?");

  private FluxQueueStatusParser() {}

  public static List<FluxQueueState> parse(String command, String stdout) {
    Map<String, boolean[]> flags = new LinkedHashMap<>();
    Map<String, String[]> messages = new LinkedHashMap<>();
    for (OutputLine line : OutputLine.nonBlank(stdout)) {
      Matcher m = LINE.matcher(line.text().strip());
      if (!m.matches()) {
        throw line.unreadable(
            command,
            "expected 'QUEUE: Job submission is enabled|disabled' or 'QUEUE: Scheduling is"
                + " started|stopped'");
      }
      String queue = m.group(1) == null ? "" : m.group(1);
      boolean[] f = flags.computeIfAbsent(queue, q -> new boolean[] {true, true});
      String[] why = messages.computeIfAbsent(queue, q -> new String[2]);
      boolean submission = m.group(2).equals("Job submission");
      boolean on = m.group(3).equals("enabled") || m.group(3).equals("started");
      int slot = submission ? 0 : 1;
      f[slot] = on;
      why[slot] = on || m.group(4) == null || m.group(4).isBlank() ? null : m.group(4).strip();
    }
    List<FluxQueueState> states = new ArrayList<>();
    flags.forEach(
        (queue, f) ->
            states.add(
                new FluxQueueState(
                    queue.isEmpty() ? null : queue,
                    f[0],
                    messages.get(queue)[0],
                    f[1],
                    messages.get(queue)[1])));
    return states;
  }
}
