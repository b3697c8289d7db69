package io.examlops.fleet.discovery;

import io.examlops.fleet.model.SchedulerKind;
import io.examlops.fleet.scheduler.SchedulerAdapters;
import io.examlops.fleet.settings.Variables;
import io.examlops.fleet.transport.Endpoint;
import io.examlops.fleet.transport.ShellQuote;
import io.examlops.fleet.transport.SshTarget;
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

  public Suggestion {
    env = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(env));
  }

  /**
   * What to configure for what was detected at {@code endpoint}: where nothing answered, the
   * registered backend that runs jobs on this machine without a scheduler (the mock), to try the
   * product with. A host reached through jump hosts is suggested by {@code hostAsTyped}, the name
   * the SSH configuration resolves ({@code null} when it came from the variables, which keep it).
   */
  public static Suggestion of(
      Detection detection, Endpoint endpoint, String hostAsTyped, SchedulerAdapters adapters) {
    SchedulerKind scheduler =
        detection.found() ? detection.scheduler() : adapters.trialBackend().orElse(null);
    Map<String, String> env = new LinkedHashMap<>();
    if (scheduler != null) {
      env.put(Variables.SCHEDULER, scheduler.label());
    }
    if (!endpoint.isLocal() && !endpoint.isApi() && detection.found()) {
      SshTarget ssh = endpoint.ssh();
      if (ssh.jumps().isEmpty()) {
        env.put(Variables.SSH_HOST, ssh.host());
        env.put(Variables.SSH_USER, ssh.user());
        if (ssh.key() != null) {
          env.put(Variables.SSH_KEY, ssh.key().toString());
        }
        env.put(Variables.SSH_PORT, Integer.toString(ssh.port()));
      } else if (hostAsTyped != null) {
        // The jump hosts are only in the SSH configuration: the name it knows them by keeps them.
        env.put(Variables.SSH_HOST, hostAsTyped);
      }
    }
    return new Suggestion(
        scheduler, endpoint.isLocal() ? "local" : endpoint.isApi() ? "rest" : "ssh", env);
  }

  /** The variables as shell-quoted {@code export} lines. */
  public String exportLines() {
    return env.entrySet().stream()
        .map(e -> "export " + e.getKey() + "=" + ShellQuote.quote(e.getValue()))
        .collect(Collectors.joining("\n"));
  }
}
