package io.examlops.fleet.mcp;

import io.examlops.fleet.Fleet;
import io.examlops.fleet.capacity.CapacityRequest;
import io.examlops.fleet.discovery.NodesRequest;
import io.examlops.fleet.discovery.NodesResult;
import io.examlops.fleet.governance.ApproveRequest;
import io.examlops.fleet.governance.ApproveResult;
import io.examlops.fleet.governance.ClusterSummary;
import io.examlops.fleet.governance.ClustersResult;
import io.examlops.fleet.governance.RejectRequest;
import io.examlops.fleet.governance.RejectResult;
import io.examlops.fleet.jobs.JobRequest;
import io.examlops.fleet.jobs.JobResult;
import io.examlops.fleet.jobs.JobsRequest;
import io.examlops.fleet.jobs.JobsResult;
import io.examlops.fleet.jobs.LogsRequest;
import io.examlops.fleet.jobs.LogsResult;
import io.examlops.fleet.jobs.QueueRequest;
import io.examlops.fleet.jobs.QueueResult;
import io.examlops.fleet.model.Actor;
import io.examlops.fleet.model.HistoryLimit;
import io.examlops.fleet.model.JobState;
import io.examlops.fleet.model.NodeInfo;
import io.examlops.fleet.model.NodeState;
import io.examlops.fleet.model.ReadFrom;
import io.examlops.fleet.model.TrackedJob;
import io.examlops.fleet.model.capacity.FleetCapacity;
import io.examlops.fleet.placement.PlaceRequest;
import io.examlops.fleet.placement.PlaceResult;
import io.examlops.fleet.placement.PreflightRequest;
import io.examlops.fleet.placement.PreflightResult;
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * What each tool does: turns its arguments into the application API's request, calls it as the
 * acting user through this client, and answers with the API's result (which the CLI's {@code
 * --json} prints too) and a summary in words. Holds no rule of its own.
 */
final class FleetTools {
  private final Fleet fleet;
  private final Clock clock;
  private final String user;

  /** The follow limit of a read that does not follow: never reached, but a request needs one. */
  private static final int LOGS_TIMEOUT_SECONDS = 1;

  private final Map<String, Function<Call, ToolReply>> handlers = new HashMap<>();

  /**
   * @param user who started the server, recorded with each client's name as the acting user
   */
  FleetTools(Fleet fleet, Clock clock, String user) {
    this.fleet = fleet;
    this.clock = clock;
    this.user = user;
    handlers.put("hpc_clusters", call -> clusters());
    handlers.put("hpc_nodes", this::nodes);
    handlers.put("hpc_place", this::place);
    handlers.put("hpc_jobs", this::jobs);
    handlers.put("hpc_capacity", this::capacity);
    handlers.put("hpc_queue", this::queue);
    handlers.put("hpc_preflight", this::preflight);
    handlers.put("hpc_job", this::job);
    handlers.put("hpc_job_logs", this::jobLogs);
    handlers.put("hpc_approve_cluster", this::approve);
    handlers.put("hpc_reject_cluster", this::reject);
  }

  /** The names of the tools this class answers, to check the catalog against. */
  Set<String> names() {
    return handlers.keySet();
  }

  /**
   * Runs a tool for a client. Calls may run side by side, each on its own thread: the services are
   * stateless and the stores take concurrent callers, as the console's requests are. A call is
   * stopped by interrupting its thread; the command it runs on a cluster is killed then.
   *
   * @param client the client's declared name, made safe ({@link FleetMcpServer#clientName})
   * @param progress told before each step that reaches a cluster
   */
  ToolReply call(String tool, ToolArguments args, String client, Progress progress) {
    var handler = handlers.get(tool);
    if (handler == null) {
      throw new IllegalStateException("no handler for tool " + tool);
    }
    return handler.apply(new Call(args, new Actor(user, Actor.MCP + ":" + client), progress));
  }

  /** One call's arguments, who makes it, and whom to tell how far it got. */
  private record Call(ToolArguments args, Actor actor, Progress progress) {}

  private ToolReply clusters() {
    ClustersResult result = fleet.governance().clusters();
    var clusters = result.clusters();
    String summary =
        clusters.isEmpty()
            ? "No cluster is registered."
            : clusters.size()
                + (clusters.size() == 1 ? " cluster: " : " clusters: ")
                + clusters.stream().map(FleetTools::line).collect(Collectors.joining("; "));
    return new ToolReply(result, summary);
  }

  private static String line(ClusterSummary c) {
    return c.name() + " " + c.state() + (c.schedulable() ? ", schedulable" : ", not schedulable");
  }

  /** The latest snapshot, else (or when asked) the nodes read now; with the data's age. */
  private ToolReply nodes(Call call) {
    ToolArguments args = call.args();
    Actor actor = call.actor();
    String cluster = args.text("cluster");
    String state = args.text("state");
    NodeState shownState = state == null ? null : NodeState.ofLabel(state, "state");
    NodesResult stored =
        args.flag("live", false)
            ? null
            : fleet.discovery().nodes(actor, NodesRequest.stored(cluster));
    if (stored == null || !stored.taken()) {
      call.progress().step("reading the nodes of " + cluster + " now, through its connection");
    }
    NodesResult nodes =
        stored != null && stored.taken()
            ? stored
            : fleet
                .discovery()
                .nodes(actor, new NodesRequest(null, cluster, ReadFrom.SCHEDULER, false));
    String partition = args.text("partition");
    var shown =
        nodes.nodes().stream()
            .filter(n -> shownState == null || n.state() == shownState)
            .filter(n -> partition == null || n.partitions().contains(partition))
            .toList();
    Duration age = Duration.between(nodes.takenAt(), clock.instant());
    age = age.isNegative() ? Duration.ZERO : age;
    Map<String, Object> content = new LinkedHashMap<>();
    content.put("cluster", nodes.cluster());
    content.put("scheduler", nodes.scheduler());
    content.put("target", nodes.target());
    content.put("takenAt", nodes.takenAt());
    content.put("snapshotId", nodes.snapshotId());
    content.put("age", age);
    content.put("nodes", shown);
    String summary =
        shown.size()
            + " of "
            + nodes.nodes().size()
            + " nodes of "
            + cluster
            + (nodes.snapshotId() == null
                ? ", read live"
                : " from snapshot " + nodes.snapshotId() + ", taken " + age.toSeconds() + " s ago")
            + "; "
            + shown.stream().mapToInt(NodeInfo::gpuCount).sum()
            + " GPUs, "
            + shown.stream().mapToInt(n -> n.idleGpus().orElse(0)).sum()
            + " known idle";
    return new ToolReply(content, summary);
  }

  private ToolReply place(Call call) {
    ToolArguments args = call.args();
    PlaceRequest request =
        new PlaceRequest(
            args.whole("gpus"),
            args.whole("nodes"),
            args.text("gpuType"),
            args.text("partition"),
            null);
    PlaceResult result =
        fleet.placement().place(request.in(args.text("cluster")), call.actor().token());
    return new ToolReply(result, result.explanation());
  }

  private ToolReply jobs(Call call) {
    ToolArguments args = call.args();
    Integer before = args.whole("before");
    if (args.flag("refresh", true)) {
      call.progress().step("asking the schedulers about the unfinished tracked jobs");
    }
    JobsResult result =
        fleet
            .jobs()
            .list(
                call.actor(),
                new JobsRequest(
                    args.text("cluster"),
                    args.text("model"),
                    args.text("state"),
                    args.flag("refresh", true) ? ReadFrom.SCHEDULER : ReadFrom.STORE,
                    args.text("user"),
                    args.text("token"),
                    before == null ? null : before.longValue(),
                    0,
                    // An agent reads what it is given: no "every job" here, pages instead.
                    HistoryLimit.of(args.whole("limit"), false, "limit")));
    Map<String, Long> byState =
        result.jobs().stream()
            .collect(
                Collectors.groupingBy(j -> j.state().label(), TreeMap::new, Collectors.counting()));
    String summary =
        result.jobs().size()
            + (result.jobs().size() == 1 ? " tracked job" : " tracked jobs")
            + (result.total() == null ? "" : " of " + result.total() + ", the newest")
            + (result.next() == null ? "" : " (older ones: before " + result.next() + ")")
            + (byState.isEmpty()
                ? ""
                : " ("
                    + byState.entrySet().stream()
                        .map(e -> e.getValue() + " " + e.getKey())
                        .collect(Collectors.joining(", "))
                    + ")")
            + (result.notes().isEmpty() ? "" : "; " + String.join("; ", result.notes()));
    return new ToolReply(result, summary, result.notes());
  }

  private ToolReply capacity(Call call) {
    call.progress().step("reading the nodes of every ACTIVE cluster");
    FleetCapacity capacity =
        fleet.capacity().capacity(call.actor(), new CapacityRequest(ReadFrom.SCHEDULER));
    String summary =
        capacity.clusters().size()
            + " ACTIVE clusters: "
            + known(capacity.idleGpus())
            + " of "
            + known(capacity.totalGpus())
            + " GPUs idle, utilization "
            + known(capacity.utilizationPercent())
            + " %, cost "
            + known(capacity.cost())
            + " at "
            + capacity.rate().toPlainString()
            + " per GPU-hour";
    return new ToolReply(capacity, summary);
  }

  private static String known(Object figure) {
    return figure == null ? "unknown" : figure.toString();
  }

  private ToolReply queue(Call call) {
    String cluster = call.args().text("cluster");
    call.progress().step("asking the scheduler of " + cluster + " for its queue");
    QueueResult queue = fleet.jobs().queue(call.actor(), QueueRequest.live(cluster));
    long pending = queue.jobs().stream().filter(e -> e.state() == JobState.PENDING).count();
    return new ToolReply(
        queue,
        queue.jobs().size()
            + " jobs in the queue of "
            + queue.cluster()
            + ", "
            + pending
            + " pending");
  }

  private ToolReply preflight(Call call) {
    ToolArguments args = call.args();
    call.progress().step("checking " + args.text("cluster") + " through its connection");
    PreflightResult report =
        fleet
            .placement()
            .preflight(
                call.actor(),
                new PreflightRequest(
                    args.text("cluster"),
                    args.whole("gpus"),
                    args.whole("nodes"),
                    args.text("partition"),
                    args.text("account"),
                    args.text("time")));
    String summary =
        "preflight "
            + report.result()
            + " for "
            + report.cluster()
            + ": "
            + report.checks().stream()
                .map(
                    c ->
                        c.name().toLowerCase(Locale.ROOT)
                            + " "
                            + c.status().toLowerCase(Locale.ROOT))
                .collect(Collectors.joining(", "));
    return new ToolReply(report, summary);
  }

  /** One tracked job, as a row of hpc_jobs: its state, exit code and the scheduler's reason. */
  private ToolReply job(Call call) {
    ToolArguments args = call.args();
    String id = args.text("job");
    boolean refresh = args.flag("refresh", true);
    if (refresh) {
      call.progress().step("asking the scheduler about job " + id + " if it has not ended");
    }
    JobResult result =
        fleet
            .jobs()
            .job(call.actor(), new JobRequest(id, refresh ? ReadFrom.SCHEDULER : ReadFrom.STORE));
    TrackedJob job = result.job();
    String summary =
        "job "
            + job.id()
            + " on "
            + job.cluster()
            + (job.schedulerJobId() == null ? "" : " (scheduler id " + job.schedulerJobId() + ")")
            + ": "
            + job.state().label()
            + (job.exitCode() == null ? "" : ", exit code " + job.exitCode())
            + (job.reason() == null ? "" : ", reason: " + job.reason())
            + (result.notes().isEmpty() ? "" : "; " + String.join("; ", result.notes()));
    return new ToolReply(job, summary, result.notes());
  }

  /**
   * The last lines of a tracked job's output, as {@code exa hpc logs --json} answers (its {@code
   * text} cut to those lines).
   */
  private ToolReply jobLogs(Call call) {
    ToolArguments args = call.args();
    String id = args.text("job");
    int lines = OutputTail.lines(args.whole("lines"));
    call.progress().step("reading the output of job " + id + " through its cluster's connection");
    StringBuilder text = new StringBuilder();
    LogsResult read =
        fleet
            .jobs()
            .logs(call.actor(), new LogsRequest(id, false, LOGS_TIMEOUT_SECONDS), text::append);
    OutputTail tail = OutputTail.of(text.toString(), lines);
    Map<String, Object> content = new LinkedHashMap<>();
    content.put("job", read.job());
    content.put("output", read.output());
    content.put("found", read.found());
    content.put("text", tail.text());
    String summary =
        read.found()
            ? "the last "
                + tail.shown()
                + " of "
                + tail.total()
                + " lines of "
                + read.output()
                + ", the output of job "
                + read.job().id()
                + " ("
                + read.job().state().label()
                + ")"
            : "no output yet at " + read.output() + " for job " + read.job().id();
    return new ToolReply(content, summary);
  }

  private ToolReply approve(Call call) {
    Actor actor = call.actor();
    ApproveResult approved =
        fleet.governance().approve(actor, new ApproveRequest(call.args().text("cluster")));
    return new ToolReply(approved, "Approved " + approved.name() + ": ACTIVE, by " + actor);
  }

  private ToolReply reject(Call call) {
    ToolArguments args = call.args();
    Actor actor = call.actor();
    RejectResult rejected =
        fleet
            .governance()
            .reject(actor, new RejectRequest(args.text("cluster"), args.text("reason")));
    return new ToolReply(
        rejected, "Rejected " + rejected.name() + " by " + actor + ": " + rejected.reason());
  }
}
