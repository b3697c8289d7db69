package io.examlops.fleet.scheduler.slurm;

import com.fasterxml.jackson.databind.JsonNode;
import io.examlops.fleet.model.ClusterCaps;
import io.examlops.fleet.model.NodeInfo;
import io.examlops.fleet.model.PartitionInfo;
import io.examlops.fleet.model.SchedulerKind;
import io.examlops.fleet.scheduler.ProbeException;
import io.examlops.fleet.scheduler.ProbeStatus;
import io.examlops.fleet.scheduler.SchedulerProbe;
import io.examlops.fleet.scheduler.Survey;
import io.examlops.fleet.transport.CommandRunner;
import io.examlops.fleet.transport.TransportException;
import java.time.Clock;
import java.util.List;

/**
 * Reads a Slurm cluster through slurmrestd, with read-only requests only: {@code ping} (is
 * slurmctld there, which release), {@code nodes} and {@code partitions} (what sinfo tells, plus
 * each partition's default, limits and state), and {@code /slurmdb/.../diag} (is accounting there).
 * The nodes read to the same {@link NodeInfo} as {@code sinfo} gives ({@link SinfoJsonParser}).
 */
final class SlurmRestProbe implements SchedulerProbe {
  private final Clock clock;

  SlurmRestProbe(Clock clock) {
    this.clock = clock;
  }

  @Override
  public SchedulerKind kind() {
    return SlurmAdapter.KIND;
  }

  /** Whether slurmctld answers slurmrestd's ping, and its release. */
  @Override
  public ProbeStatus status(CommandRunner runner) {
    SlurmRestClient rest = client(runner);
    String path = rest.slurm("/ping");
    JsonNode ping;
    try {
      ping = rest.get(path);
    } catch (ProbeException e) {
      return new ProbeStatus(kind(), ProbeStatus.State.NOT_ANSWERING, e.getMessage());
    }
    String release = release(ping);
    boolean up = false;
    for (JsonNode p : ping.path("pings")) {
      String word = p.has("pinged") ? p.path("pinged").asText() : p.path("ping").asText();
      up |= word.equalsIgnoreCase("UP") || p.path("responding").asBoolean(false);
    }
    if (!up) {
      return new ProbeStatus(
          kind(),
          ProbeStatus.State.NOT_ANSWERING,
          "slurmrestd at "
              + rest.target()
              + " answers, but its slurmctld does not (GET "
              + path
              + ": "
              + SlurmJson.abbreviate(ping.path("pings"))
              + "); start slurmctld, or check SlurmctldHost in slurmrestd's slurm.conf");
    }
    return new ProbeStatus(
        kind(),
        ProbeStatus.State.ANSWERS,
        "Slurm " + release + " answers through slurmrestd (API " + rest.version() + ")");
  }

  @Override
  public Survey survey(CommandRunner runner) {
    SlurmRestClient rest = client(runner);
    String nodesPath = rest.slurm("/nodes");
    JsonNode nodes = rest.get(nodesPath);
    SinfoJsonParser.Document document = SinfoJsonParser.read("GET " + nodesPath, nodes);
    String partitionsPath = rest.slurm("/partitions");
    List<PartitionInfo> partitions =
        SlurmRestPartitions.read("GET " + partitionsPath, rest.get(partitionsPath));
    ClusterCaps caps =
        ClusterCaps.summarize(
            SlurmAdapter.KIND,
            document.slurmRelease() != null ? document.slurmRelease() : release(nodes),
            document.snapshot().nodes(),
            partitions,
            accounting(rest));
    return new Survey(caps, document.snapshot().nodes(), List.of());
  }

  @Override
  public List<NodeInfo> listNodes(CommandRunner runner) {
    SlurmRestClient rest = client(runner);
    String path = rest.slurm("/nodes");
    return SinfoJsonParser.read("GET " + path, rest.get(path)).snapshot().nodes();
  }

  /** What reaching Slurm through slurmrestd leaves out, for detection to tell. */
  @Override
  public List<String> otherWaysIn(CommandRunner runner) {
    return List.of(
        "reached through slurmrestd: jobs run and are followed, but their output is not read"
            + " through it; add rest_output_via (a cluster of the fleet reached over SSH that sees"
            + " the same files) or rest_output_mount (where this machine mounts them) to read it"
            + " (docs/rest.md)");
  }

  /**
   * Whether slurmdbd answers through slurmrestd ({@code tres}, which every user may read): a site
   * without accounting, or a slurmrestd started without the slurmdb plugins, answers with an error,
   * which means no accounting here.
   */
  private static boolean accounting(SlurmRestClient rest) {
    try {
      rest.get(rest.slurmdb("/tres"));
      return true;
    } catch (ProbeException | TransportException e) {
      if (e instanceof TransportException t
          && t.step() != TransportException.Step.COMMAND
          && t.step() != TransportException.Step.AUTHENTICATION) {
        throw t; // the server itself stopped answering
      }
      return false;
    }
  }

  private static String release(JsonNode root) {
    JsonNode meta = root.path("meta");
    String release = SlurmJson.text(meta.path("Slurm").path("release"));
    return release != null ? release : SlurmJson.text(meta.path("slurm").path("release"));
  }

  private SlurmRestClient client(CommandRunner runner) {
    return SlurmRest.client(runner, clock);
  }
}
