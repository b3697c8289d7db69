package io.examlops.fleet.scheduler.toy;

import io.examlops.fleet.model.AdapterSetting;
import io.examlops.fleet.model.CancelOutcome;
import io.examlops.fleet.model.ClusterCaps;
import io.examlops.fleet.model.FleetException;
import io.examlops.fleet.model.GpuGroup;
import io.examlops.fleet.model.JobAccounting;
import io.examlops.fleet.model.JobState;
import io.examlops.fleet.model.NodeInfo;
import io.examlops.fleet.model.NodeState;
import io.examlops.fleet.model.PartitionInfo;
import io.examlops.fleet.model.QueueEntry;
import io.examlops.fleet.model.SchedulerKind;
import io.examlops.fleet.scheduler.CancelReply;
import io.examlops.fleet.scheduler.JobBackend;
import io.examlops.fleet.scheduler.JobSpec;
import io.examlops.fleet.scheduler.JobStatus;
import io.examlops.fleet.scheduler.ProbeException;
import io.examlops.fleet.scheduler.ProbeStatus;
import io.examlops.fleet.scheduler.SchedulerAdapter;
import io.examlops.fleet.scheduler.SchedulerContext;
import io.examlops.fleet.scheduler.SchedulerProbe;
import io.examlops.fleet.scheduler.SubmitReply;
import io.examlops.fleet.scheduler.Survey;
import io.examlops.fleet.transport.CommandResult;
import io.examlops.fleet.transport.CommandRunner;
import io.examlops.fleet.transport.ShellQuote;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A scheduler that exists only in the tests: a spool directory that real shell commands read and
 * write (the version file says it is there, a job is a script file, a cancelled job a marker). It
 * is plugged in the documented way, through {@code SchedulerAdapters.with} alone, to prove that a
 * new scheduler needs one package and one registration.
 */
public final class ToyAdapter implements SchedulerAdapter {
  /** A setting of the toy's own, to show that clusters.yaml and the approval carry it unseen. */
  static final AdapterSetting LANE =
      new AdapterSetting(
          "toy_lane",
          "Toy lane",
          lane -> {
            if (!lane.matches("[a-z]+")) {
              throw FleetException.invalid("a toy lane is a lower-case word, not '" + lane + "'");
            }
            return lane;
          });

  public static final SchedulerKind TOY = SchedulerKind.declare("toy", true, LANE);
  static final String NODE = "toy-node";
  static final String PARTITION = "main";
  static final int GPUS = 2;

  private final String spool;

  /**
   * @param spool the directory the toy scheduler lives in
   */
  public ToyAdapter(Path spool) {
    this.spool = ShellQuote.quote(spool.toAbsolutePath().toString());
  }

  @Override
  public SchedulerKind kind() {
    return TOY;
  }

  @Override
  public SchedulerProbe probe(SchedulerContext context) {
    return new Probe();
  }

  @Override
  public Optional<JobBackend> backend(SchedulerContext context) {
    return Optional.of(new Backend());
  }

  private final class Probe implements SchedulerProbe {
    @Override
    public SchedulerKind kind() {
      return TOY;
    }

    @Override
    public ProbeStatus status(CommandRunner runner) {
      return runner.run("cat " + spool + "/version").ok()
          ? new ProbeStatus(TOY, ProbeStatus.State.ANSWERS, TOY.label() + " answers")
          : new ProbeStatus(TOY, ProbeStatus.State.ABSENT, "not found on " + runner.target());
    }

    @Override
    public Survey survey(CommandRunner runner) {
      CommandResult version = runner.run("cat " + spool + "/version");
      if (!version.ok()) {
        throw new ProbeException("toy does not answer on " + runner.target());
      }
      List<NodeInfo> nodes = listNodes(runner);
      ClusterCaps caps =
          ClusterCaps.summarize(
              TOY,
              version.stdout().strip(),
              nodes,
              List.of(new PartitionInfo(PARTITION, true, null)),
              false);
      return new Survey(caps, nodes, List.of());
    }

    @Override
    public List<NodeInfo> listNodes(CommandRunner runner) {
      return List.of(
          new NodeInfo(
              NODE,
              8,
              16_384,
              List.of(GpuGroup.of("toy", GPUS)),
              0,
              NodeState.IDLE,
              "idle",
              List.of(PARTITION),
              List.of(),
              null));
    }
  }

  private final class Backend implements JobBackend {
    @Override
    public SchedulerKind kind() {
      return TOY;
    }

    @Override
    public SubmitReply submit(CommandRunner runner, JobSpec request) {
      String jobs = spool + "/jobs";
      CommandResult result =
          runner.run(
              "mkdir -p "
                  + jobs
                  + " && n=$(( $(ls "
                  + jobs
                  + " | wc -l) + 1 )) && cat > "
                  + jobs
                  + "/$n && echo $n",
              request.script().getBytes(StandardCharsets.UTF_8));
      return result.ok()
          ? SubmitReply.accepted(List.of(result.stdout().strip()), null)
          : SubmitReply.rejected(result.stderr().strip());
    }

    @Override
    public List<QueueEntry> queue(CommandRunner runner) {
      return List.of();
    }

    @Override
    public Map<String, JobStatus> track(CommandRunner runner, List<String> jobIds) {
      Map<String, JobStatus> statuses = new LinkedHashMap<>();
      for (String id : jobIds) {
        String job = spool + "/jobs/" + ShellQuote.quote(id);
        if (!runner.run("test -f " + job).ok()) {
          statuses.put(id, JobStatus.notFound(TOY, id, "no such toy job"));
          continue;
        }
        boolean cancelled = runner.run("test -f " + job + ".cancelled").ok();
        statuses.put(
            id,
            JobStatus.fromQueue(
                new JobAccounting(
                    TOY,
                    id,
                    null,
                    null,
                    null,
                    PARTITION,
                    cancelled ? JobState.CANCELLED : JobState.PENDING,
                    null,
                    null,
                    null,
                    null,
                    null,
                    null,
                    1,
                    null,
                    null)));
      }
      return statuses;
    }

    @Override
    public CancelReply cancel(CommandRunner runner, String jobId) {
      CommandResult r =
          runner.run("touch " + spool + "/jobs/" + ShellQuote.quote(jobId) + ".cancelled");
      return new CancelReply(r.ok() ? CancelOutcome.REQUESTED : CancelOutcome.FAILED, r.stderr());
    }

    @Override
    public String outputFile(String jobId, io.examlops.fleet.model.OutputPath output) {
      return output == null ? spool + "/jobs/" + jobId + ".out" : output.file(jobId);
    }

    @Override
    public String manualCancel(String jobId) {
      return "touch " + spool + "/jobs/" + jobId + ".cancelled";
    }
  }
}
