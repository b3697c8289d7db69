package io.examlops.fleet.scheduler;

import io.examlops.fleet.model.ClusterCaps;
import io.examlops.fleet.model.GpuInfo;
import io.examlops.fleet.model.NodeInfo;
import io.examlops.fleet.model.OutputPath;
import io.examlops.fleet.model.QueueEntry;
import io.examlops.fleet.model.SchedulerKind;
import io.examlops.fleet.transport.CommandRunner;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * One scheduler's probe and backend with two ways in: its client commands through a shell, or its
 * HTTP API where the runner reaches one ({@link CommandRunner#api()}). Each call goes the way its
 * runner offers, so nothing else in the fleet asks how a cluster is reached.
 */
public final class ByReach {
  private ByReach() {}

  public static SchedulerProbe probe(SchedulerProbe shell, SchedulerProbe api) {
    return new Probe(shell, api);
  }

  public static JobBackend backend(JobBackend shell, JobBackend api) {
    return new Backend(shell, api);
  }

  private record Probe(SchedulerProbe shell, SchedulerProbe api) implements SchedulerProbe {
    private SchedulerProbe by(CommandRunner runner) {
      return runner.api().isPresent() ? api : shell;
    }

    @Override
    public SchedulerKind kind() {
      return shell.kind();
    }

    @Override
    public boolean available(CommandRunner runner) {
      return by(runner).available(runner);
    }

    @Override
    public ProbeStatus status(CommandRunner runner) {
      return by(runner).status(runner);
    }

    @Override
    public String notAnsweringDetail(CommandRunner runner) {
      return by(runner).notAnsweringDetail(runner);
    }

    @Override
    public ClusterCaps capabilities(CommandRunner runner) {
      return by(runner).capabilities(runner);
    }

    @Override
    public List<NodeInfo> listNodes(CommandRunner runner) {
      return by(runner).listNodes(runner);
    }

    @Override
    public List<GpuInfo> listGpus(CommandRunner runner) {
      return by(runner).listGpus(runner);
    }

    @Override
    public Survey survey(CommandRunner runner) {
      return by(runner).survey(runner);
    }

    @Override
    public List<String> otherWaysIn(CommandRunner runner) {
      return by(runner).otherWaysIn(runner);
    }
  }

  private record Backend(JobBackend shell, JobBackend api) implements JobBackend {
    private JobBackend by(CommandRunner runner) {
      return runner.api().isPresent() ? api : shell;
    }

    @Override
    public SchedulerKind kind() {
      return shell.kind();
    }

    @Override
    public SubmitReply submit(CommandRunner runner, JobSpec request) {
      return by(runner).submit(runner, request);
    }

    @Override
    public List<QueueEntry> queue(CommandRunner runner) {
      return by(runner).queue(runner);
    }

    @Override
    public Map<String, JobStatus> track(CommandRunner runner, List<String> jobIds) {
      return by(runner).track(runner, jobIds);
    }

    @Override
    public CancelReply cancel(CommandRunner runner, String jobId) {
      return by(runner).cancel(runner, jobId);
    }

    /** The same file either way: the pattern is the cluster's, whoever writes it. */
    @Override
    public String outputFile(String jobId, OutputPath output) {
      return shell.outputFile(jobId, output);
    }

    @Override
    public MarkLookup findMarked(CommandRunner runner, String mark, String name) {
      return by(runner).findMarked(runner, mark, name);
    }

    @Override
    public EndWatch watchEnd(CommandRunner runner, String jobId, Duration upTo) {
      return by(runner).watchEnd(runner, jobId, upTo);
    }

    /** Asked without a runner: only where either way would see every end. */
    @Override
    public boolean watchSeesEveryEnd() {
      return shell.watchSeesEveryEnd() && api.watchSeesEveryEnd();
    }

    @Override
    public String manualCancel(String jobId) {
      return shell.manualCancel(jobId);
    }
  }
}
