package io.examlops.fleet.registry;

import io.examlops.fleet.model.ClusterDefinition;
import io.examlops.fleet.model.ClusterState;
import io.examlops.fleet.model.RegisteredCluster;
import io.examlops.fleet.model.Schedulability;
import io.examlops.fleet.model.TransportKind;
import io.examlops.fleet.settings.Variables;
import io.examlops.fleet.transport.ShellQuote;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code EXAMLOPS_HPC_*} environment the scheduler adapter reads, for an ACTIVE cluster that
 * still matches its approval. A local cluster gets no {@code EXAMLOPS_HPC_SSH_*} values, and those
 * must then be removed from an inherited environment: {@link #exportScript} unsets them.
 */
public final class ClusterEnvironment {
  /** Every variable this class sets, in output order. */
  public static final List<String> VARIABLES =
      List.of(
          Variables.CLUSTER,
          Variables.SCHEDULER,
          Variables.SSH_HOST,
          Variables.SSH_USER,
          Variables.SSH_KEY,
          Variables.SSH_PORT);

  private ClusterEnvironment() {}

  /**
   * The variables for a cluster, in a fixed order.
   *
   * @param keyFile the key path with {@code ~} expanded ({@code null} when the definition has none)
   * @throws RegistryException with the reason when the cluster is not ACTIVE or not schedulable
   */
  public static Map<String, String> of(
      RegisteredCluster cluster, Schedulability verdict, Path keyFile) {
    if (cluster.state() != ClusterState.ACTIVE || !verdict.schedulable()) {
      throw new RegistryException(
          verdict.schedulable()
              ? "cluster '" + cluster.name() + "' is " + cluster.state() + ", not ACTIVE"
              : verdict.reason());
    }
    ClusterDefinition d = cluster.definition();
    if (!d.jumps().isEmpty()) {
      // The variables name one host; a command given them would try the login node directly.
      throw new RegistryException(
          "cluster '"
              + d.name()
              + "' is reached through jump hosts, which the "
              + Variables.SSH_HOST
              + " variables cannot express: name the cluster instead (--cluster "
              + d.name()
              + ")");
    }
    Map<String, String> env = new LinkedHashMap<>();
    env.put(Variables.CLUSTER, d.name());
    env.put(Variables.SCHEDULER, d.scheduler().label());
    if (d.transport() == TransportKind.SSH) {
      env.put(Variables.SSH_HOST, d.host());
      env.put(Variables.SSH_USER, d.user());
      if (keyFile != null) {
        env.put(Variables.SSH_KEY, keyFile.toString());
      }
      env.put(Variables.SSH_PORT, d.port().toString());
    }
    return env;
  }

  /** {@code export} lines for a POSIX shell, values quoted, and {@code unset} for the others. */
  public static String exportScript(Map<String, String> env) {
    StringBuilder script = new StringBuilder();
    for (String name : VARIABLES) {
      String value = env.get(name);
      script.append(
          value == null ? "unset " + name : "export " + name + "=" + ShellQuote.quote(value));
      script.append('\n');
    }
    return script.toString();
  }
}
