package io.examlops.fleet.discovery;

import io.examlops.fleet.model.SchedulerKind;
import io.examlops.fleet.transport.Endpoint;
import io.examlops.fleet.transport.ShellQuote;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The configuration detection proposes for a host, and never applies: the scheduler, the transport,
 * and the {@code EXAMLOPS_HPC_*} variables the scheduler adapter reads.
 *
 * @param scheduler the scheduler to declare ({@code mock} when nothing answered)
 * @param transport {@code ssh} or {@code local}
 * @param env the variables, in a stable order
 */
public record Suggestion(SchedulerKind scheduler, String transport, Map<String, String> env) {
  public static final String SCHEDULER_VARIABLE = "EXAMLOPS_HPC_SCHEDULER";

  public Suggestion {
    env = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(env));
  }

  /** What to configure for what was detected at {@code endpoint}. */
  public static Suggestion of(Detection detection, Endpoint endpoint) {
    SchedulerKind scheduler = detection.found() ? detection.scheduler() : SchedulerKind.MOCK;
    Map<String, String> env = new LinkedHashMap<>();
    env.put(SCHEDULER_VARIABLE, scheduler.label());
    if (!endpoint.isLocal() && detection.found()) {
      env.put(Endpoint.HOST_VARIABLE, endpoint.ssh().host());
      env.put(Endpoint.USER_VARIABLE, endpoint.ssh().user());
      env.put(Endpoint.KEY_VARIABLE, endpoint.ssh().key().toString());
      env.put(Endpoint.PORT_VARIABLE, Integer.toString(endpoint.ssh().port()));
    }
    return new Suggestion(scheduler, endpoint.isLocal() ? "local" : "ssh", env);
  }

  /** The variables as shell-quoted {@code export} lines. */
  public String exportLines() {
    return env.entrySet().stream()
        .map(e -> "export " + e.getKey() + "=" + ShellQuote.quote(e.getValue()))
        .collect(Collectors.joining("\n"));
  }
}
