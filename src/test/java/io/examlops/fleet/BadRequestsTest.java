package io.examlops.fleet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.examlops.fleet.discovery.DetectRequest;
import io.examlops.fleet.discovery.GpusRequest;
import io.examlops.fleet.discovery.HostTarget;
import io.examlops.fleet.discovery.NodesRequest;
import io.examlops.fleet.governance.ApproveForRequest;
import io.examlops.fleet.governance.ApproveRequest;
import io.examlops.fleet.governance.AuditRequest;
import io.examlops.fleet.governance.ClusterSummary;
import io.examlops.fleet.governance.ConnectRequest;
import io.examlops.fleet.governance.EnvRequest;
import io.examlops.fleet.governance.RejectForRequest;
import io.examlops.fleet.governance.RejectRequest;
import io.examlops.fleet.jobs.CancelRequest;
import io.examlops.fleet.jobs.DetachRequest;
import io.examlops.fleet.jobs.FollowRequest;
import io.examlops.fleet.jobs.JobOptions;
import io.examlops.fleet.jobs.JobRequest;
import io.examlops.fleet.jobs.JobsRequest;
import io.examlops.fleet.jobs.LogsRequest;
import io.examlops.fleet.jobs.PipelineRunRequest;
import io.examlops.fleet.jobs.QueueRequest;
import io.examlops.fleet.jobs.ScriptSource;
import io.examlops.fleet.jobs.SubmitRequest;
import io.examlops.fleet.model.Actor;
import io.examlops.fleet.model.ErrorKind;
import io.examlops.fleet.model.FleetException;
import io.examlops.fleet.model.Hint;
import io.examlops.fleet.model.ReadFrom;
import io.examlops.fleet.placement.PlaceRequest;
import io.examlops.fleet.placement.PreflightRequest;
import io.examlops.fleet.testing.TestFleets;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Bad requests sent through the application API, as any surface would send them: each is refused
 * with the same {@link ErrorKind}, the same message (what is wrong, in words that name no surface's
 * command or option), the request fields it concerns, and the hint a surface turns into its own way
 * to fix it. A real registry (clusters.yaml and platform.db in a temporary directory) holds an
 * approved mock cluster {@code dev} and a PENDING one {@code new}; nothing stored changes.
 */
class BadRequestsTest {
  private static final Actor ALICE = Actor.cli("alice");

  @TempDir static Path home;
  private static Fleet fleet;
  private static Path script;

  @BeforeAll
  static void registry() throws IOException {
    fleet = TestFleets.fleet(env(Map.of()));
    fleet
        .governance()
        .connect(ALICE, new ConnectRequest("dev", HostTarget.of(HostTarget.LOCAL), "mock"));
    fleet.governance().approve(Actor.cli("bob"), new ApproveRequest("dev"));
    fleet
        .governance()
        .connect(ALICE, new ConnectRequest("new", HostTarget.of(HostTarget.LOCAL), "mock"));
    script = Files.writeString(home.resolve("train.sh"), "#!/bin/sh\necho hi\n");
  }

  private static Map<String, String> env(Map<String, String> extra) {
    Map<String, String> env = new java.util.HashMap<>(extra);
    env.put("EXAMLOPS_HPC_REGISTRY", home.resolve("clusters.yaml").toString());
    env.put("EXAMLOPS_DATA_DIR", home.resolve("data").toString());
    env.put("HOME", home.toString());
    return env;
  }

  /**
   * One bad request.
   *
   * @param name what is wrong with it
   * @param call sends it
   * @param kind the kind it is refused with
   * @param fields the request fields the refusal names
   * @param hint what the refusal points to; {@code null}: nothing
   * @param says fragments of the message
   */
  record Case(
      String name,
      Consumer<Fleet> call,
      ErrorKind kind,
      List<String> fields,
      Hint hint,
      String... says) {
    @Override
    public String toString() {
      return name;
    }
  }

  private static Case invalid(
      String name, Consumer<Fleet> call, List<String> fields, String... says) {
    return new Case(name, call, ErrorKind.INVALID_REQUEST, fields, null, says);
  }

  private static SubmitRequest submit(
      String cluster,
      ScriptSource source,
      int gpus,
      int nodes,
      String partition,
      String time,
      String account,
      String name,
      Map<String, String> environment) {
    return new SubmitRequest(
        source,
        name,
        new JobOptions(
            cluster, gpus, nodes, partition, time, account, environment, null, null, false));
  }

  private static Consumer<Fleet> submitting(
      int gpus, int nodes, String partition, String time, String account, String name) {
    return f ->
        f.jobs()
            .submit(
                ALICE,
                submit(
                    "dev",
                    ScriptSource.file(script),
                    gpus,
                    nodes,
                    partition,
                    time,
                    account,
                    name,
                    Map.of()));
  }

  private static Consumer<Fleet> submittingScript(ScriptSource source) {
    return f ->
        f.jobs().submit(ALICE, submit("dev", source, 1, 1, null, null, null, null, Map.of()));
  }

  private static Consumer<Fleet> pipeline(String model, String dataset) {
    return f ->
        f.jobs()
            .runPipeline(
                ALICE, new PipelineRunRequest(model, dataset, null, JobOptions.on("dev", 1)));
  }

  private static HostTarget target(
      String host,
      Integer port,
      String key,
      boolean acceptNew,
      String fingerprint,
      boolean noCheck,
      Integer connectTimeout) {
    return new HostTarget(
        host,
        port,
        null,
        key,
        null,
        acceptNew,
        fingerprint,
        noCheck,
        connectTimeout,
        null,
        null,
        null);
  }

  static Stream<Case> cases() {
    List<String> none = List.of();
    return Stream.of(
        invalid(
            "negative GPUs",
            submitting(-1, 1, null, null, null, null),
            List.of("gpus"),
            "GPUs must be 0 (a CPU-only job) or more, got -1"),
        invalid(
            "GPUs not a multiple of the nodes",
            submitting(3, 2, null, null, null, null),
            List.of("gpus", "nodes"),
            "3 GPUs cannot be spread evenly over 2 nodes"),
        invalid(
            "no nodes",
            submitting(1, 0, null, null, null, null),
            List.of("nodes"),
            "nodes must be at least 1, got 0"),
        invalid(
            "a partition that reaches a shell",
            submitting(1, 1, "a;b", null, null, null),
            List.of("partition"),
            "the partition/queue 'a;b' is not allowed"),
        invalid(
            "an account that reaches a shell",
            submitting(1, 1, null, null, "$(id)", null),
            List.of("account"),
            "the account/bank '$(id)' is not allowed"),
        invalid(
            "a job name with a space",
            submitting(1, 1, null, null, null, "two words!"),
            List.of("name"),
            "the job name 'two words!' is not allowed"),
        invalid(
            "a time limit out of range",
            submitting(1, 1, null, "25:99:99", null, null),
            List.of("time"),
            "minutes 99",
            "0 to 59"),
        invalid(
            "a time limit that is no time",
            submitting(1, 1, null, "soon", null, null),
            List.of("time"),
            "'soon'"),
        invalid(
            "a script without an interpreter line",
            submittingScript(ScriptSource.text("x.sh", "echo hi\n")),
            List.of("script"),
            "must start with an interpreter line such as #!/bin/bash"),
        invalid(
            "a binary script",
            submittingScript(ScriptSource.text("x.sh", "#!/bin/sh\0")),
            List.of("script"),
            "NUL byte"),
        invalid("no script", submittingScript(null), List.of("script"), "no job script"),
        new Case(
            "a script that does not exist",
            submittingScript(ScriptSource.file(Path.of("/nonexistent/train.sh"))),
            ErrorKind.SCRIPT_NOT_FOUND,
            none,
            null,
            "job script /nonexistent/train.sh does not exist"),
        new Case(
            "a script that is a directory",
            submittingScript(ScriptSource.file(Path.of("/"))),
            ErrorKind.SCRIPT_UNREADABLE,
            none,
            null,
            "is not a readable file"),
        invalid(
            "an exported variable that is no name",
            f ->
                f.jobs()
                    .submit(
                        ALICE,
                        submit(
                            "dev",
                            ScriptSource.file(script),
                            1,
                            1,
                            null,
                            null,
                            null,
                            null,
                            Map.of("1X", "v"))),
            List.of("environment"),
            "'1X' is not an environment variable name"),
        invalid(
            "no cluster",
            f ->
                f.jobs()
                    .submit(
                        ALICE,
                        submit(
                            null,
                            ScriptSource.file(script),
                            1,
                            1,
                            null,
                            null,
                            null,
                            null,
                            Map.of())),
            List.of("cluster"),
            "no cluster given"),
        new Case(
            "an unknown cluster",
            f ->
                f.jobs()
                    .submit(
                        ALICE,
                        submit(
                            "nosuch",
                            ScriptSource.file(script),
                            1,
                            1,
                            null,
                            null,
                            null,
                            null,
                            Map.of())),
            ErrorKind.UNKNOWN_CLUSTER,
            none,
            null,
            "no cluster named 'nosuch'",
            "dev",
            "new"),
        new Case(
            "a PENDING cluster",
            f ->
                f.jobs()
                    .submit(
                        ALICE,
                        submit(
                            "new",
                            ScriptSource.file(script),
                            0,
                            1,
                            null,
                            null,
                            null,
                            null,
                            Map.of())),
            ErrorKind.NOT_APPROVED,
            none,
            Hint.of(Hint.Action.APPROVE, "new"),
            "cluster 'new' is PENDING",
            "an admin must approve it"),
        invalid(
            "a follow without time",
            f -> new FollowRequest("1", 0),
            List.of("timeoutSeconds"),
            "the wait timeout must be from 1 to 604800 seconds (a week), got 0"),
        invalid(
            "a follow of more than a week",
            f -> new FollowRequest("1", 604801),
            List.of("timeoutSeconds"),
            "got 604801"),
        invalid(
            "a model name with a space",
            pipeline("my model", "data"),
            List.of("model"),
            "the model 'my model' is not allowed: use 1 to 64 letters, digits"),
        invalid(
            "an empty dataset name",
            pipeline("jpcp", ""),
            List.of("dataset"),
            "the dataset '' is not allowed"),
        invalid(
            "placing negative GPUs",
            f -> f.placement().place(new PlaceRequest(-1, null, null, null, null)),
            List.of("gpus"),
            "GPUs must be 0 (a CPU-only job) or more, got -1"),
        invalid(
            "placing on no nodes",
            f -> f.placement().place(new PlaceRequest(1, 0, null, null, null)),
            List.of("nodes"),
            "nodes must be at least 1, got 0"),
        invalid(
            "a preflight on no nodes",
            f ->
                f.placement().preflight(ALICE, new PreflightRequest("dev", 1, 0, null, null, null)),
            List.of("nodes"),
            "nodes must be at least 1"),
        invalid(
            "a preflight without time",
            f ->
                f.placement()
                    .preflight(ALICE, new PreflightRequest("dev", 1, null, null, null, "0")),
            List.of("time"),
            "is shorter than one second"),
        new Case(
            "a preflight of an unknown cluster",
            f ->
                f.placement()
                    .preflight(ALICE, new PreflightRequest("nosuch", 1, null, null, null, null)),
            ErrorKind.UNKNOWN_CLUSTER,
            none,
            null,
            "no cluster named 'nosuch'"),
        invalid(
            "a rejection without a reason",
            f -> f.governance().reject(ALICE, new RejectRequest("new", " ")),
            List.of("reason"),
            "a reason is required to reject cluster 'new'"),
        invalid(
            "a reason of two lines",
            f -> f.governance().reject(ALICE, new RejectRequest("new", "one\ntwo")),
            List.of("reason"),
            "the reason 'one\\u000atwo' holds a newline (U+000A) at character 4: use one line"),
        new Case(
            "rejecting an unknown cluster",
            f -> f.governance().reject(ALICE, new RejectRequest("nosuch", "why")),
            ErrorKind.UNKNOWN_CLUSTER,
            none,
            null,
            "no cluster named 'nosuch'"),
        new Case(
            "approving an unknown cluster",
            f -> f.governance().approve(ALICE, new ApproveRequest("nosuch")),
            ErrorKind.UNKNOWN_CLUSTER,
            none,
            null,
            "no cluster named 'nosuch'"),
        new Case(
            "the environment of a PENDING cluster",
            f -> f.governance().environment(new EnvRequest("new")),
            ErrorKind.NOT_APPROVED,
            none,
            Hint.of(Hint.Action.APPROVE, "new"),
            "is PENDING"),
        new Case(
            "the audit of an unknown cluster",
            f -> f.governance().audit(new AuditRequest("nosuch")),
            ErrorKind.UNKNOWN_CLUSTER,
            none,
            null,
            "no cluster named 'nosuch'"),
        invalid(
            "jobs in a state that is none",
            f -> f.jobs().list(ALICE, new JobsRequest(null, null, "finished", ReadFrom.STORE)),
            List.of("state"),
            "'finished' is not a job state",
            "completed"),
        new Case(
            "cancelling a job nobody tracks",
            f -> f.jobs().cancel(ALICE, new CancelRequest("999")),
            ErrorKind.UNKNOWN_JOB,
            none,
            Hint.of(Hint.Action.LIST_JOBS),
            "no tracked job '999'"),
        invalid(
            "cancelling a job named by nothing",
            f -> f.jobs().cancel(ALICE, new CancelRequest(" ")),
            List.of("job"),
            "is not a job id"),
        invalid(
            "detaching a job named by nothing",
            f -> f.jobs().detach(ALICE, new DetachRequest("")),
            List.of("job"),
            "is not a job id"),
        invalid(
            "a job named by nothing",
            f -> f.jobs().job(ALICE, new JobRequest("", ReadFrom.STORE)),
            List.of("job"),
            "is not a job id"),
        invalid(
            "the output of a job named by two lines",
            f -> f.jobs().logs(ALICE, new LogsRequest("1\n2", false, 1), text -> {}),
            List.of("job"),
            "is not a job id"),
        invalid(
            "a rejection for an admin without a reason",
            f -> f.governance().rejectFor(ALICE, new RejectForRequest("new", "bob", "", null)),
            List.of("reason"),
            "a reason is required to reject cluster 'new'"),
        invalid(
            "a cluster name that reaches a shell",
            f ->
                f.governance()
                    .connect(ALICE, new ConnectRequest("Bad;Name", HostTarget.of("local"), "mock")),
            List.of("name"),
            "'Bad;Name'"),
        invalid(
            "a scheduler that is none",
            f ->
                f.governance()
                    .connect(ALICE, new ConnectRequest("x", HostTarget.of("local"), "unmanaged")),
            List.of("scheduler"),
            "unknown scheduler 'unmanaged'"),
        invalid(
            "SSH settings for this machine",
            f ->
                f.governance()
                    .connect(
                        ALICE,
                        new ConnectRequest(
                            "x", target("local", 22, "/k", false, null, false, null), "mock")),
            List.of("keyPath", "port"),
            "these settings apply to SSH only",
            "`local`"),
        invalid(
            "two host-key checks at once",
            f ->
                f.discovery()
                    .detect(new DetectRequest(target("login", null, "/k", true, null, true, null))),
            List.of("acceptNewHostKey", "noHostKeyCheck"),
            "choose at most one of"),
        invalid(
            "a host that is an option",
            f -> f.discovery().detect(new DetectRequest(HostTarget.of("-oProxyCommand=x"))),
            List.of("host"),
            "not a host name"),
        invalid(
            "no time to connect",
            f ->
                f.discovery()
                    .gpus(new GpusRequest(target("login", null, "/k", false, null, false, 0))),
            List.of("connectTimeoutSeconds"),
            "the connect timeout must be at least 1 second"),
        invalid(
            "a key path of two lines",
            f ->
                f.discovery()
                    .detect(
                        new DetectRequest(
                            target("login", null, "/a\n/b", false, null, false, null))),
            List.of("keyPath"),
            "the SSH key path holds 2 lines, which is not a file path"),
        invalid(
            "a snapshot of no cluster",
            f ->
                f.discovery()
                    .nodes(ALICE, new NodesRequest(HostTarget.defaults(), null, null, true)),
            List.of("cluster", "save"),
            "saving a snapshot needs the cluster it is of"),
        invalid(
            "a host that is not the cluster's",
            f ->
                f.discovery()
                    .nodes(ALICE, new NodesRequest(HostTarget.of("other"), "dev", null, false)),
            List.of("host"),
            "host other is not the host of cluster 'dev'"),
        invalid(
            "an acting user of two lines",
            f -> new Actor("eve\nmallory", "cli"),
            List.of("name"),
            "the acting user 'eve\\u000amallory' holds a newline (U+000A) at character 4",
            "one line"),
        invalid(
            "a surface that is no word",
            f -> new Actor("eve", "CLI tool"),
            List.of("surface"),
            "the surface 'CLI tool' is not a short lower-case word"),
        new Case(
            "a scheduler variable that names none",
            f -> TestFleets.fleet(env(Map.of("EXAMLOPS_HPC_SCHEDULER", "bogus"))),
            ErrorKind.INVALID_REQUEST,
            none,
            Hint.of(Hint.Action.SHOW_ENVIRONMENT),
            "EXAMLOPS_HPC_SCHEDULER is 'bogus', which is not a scheduler"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void isRefusedWithItsKindAndMessage(Case c) throws IOException {
    String before = stored();

    FleetException e = catchThrowableOfType(() -> c.call().accept(fleet), FleetException.class);

    assertThat(e).as("%s is refused", c.name()).isNotNull();
    assertThat(e.kind()).as(e.getMessage()).isEqualTo(c.kind());
    assertThat(e.getMessage()).contains(c.says()).doesNotContain("exa hpc", "--");
    assertThat(e.fields()).as(e.getMessage()).containsExactlyInAnyOrderElementsOf(c.fields());
    assertThat(e.hint().orElse(null)).as(e.getMessage()).isEqualTo(c.hint());
    assertThat(stored()).as("nothing stored changed").isEqualTo(before);
  }

  /** A request checks itself when built: no service has to, and none can forget to. */
  @Test
  void requestsRefuseWhenBuilt() {
    List<Runnable> builds =
        List.of(
            () -> new JobRequest("", null),
            () -> new CancelRequest(""),
            () -> new DetachRequest("a\nb"),
            () -> new LogsRequest(" ", false, 1),
            () -> new RejectRequest("new", ""),
            () -> new RejectForRequest("new", "bob", " ", null),
            () -> new RejectForRequest("new", "bob", "why", null),
            () -> new RejectRequest("../x", "why"),
            () -> new ApproveRequest("../x"),
            () -> new ApproveForRequest("new", "bob", null),
            () -> new EnvRequest("../x"),
            () -> new QueueRequest("../x", null),
            () -> new ConnectRequest("Bad;Name", HostTarget.of("local"), null),
            () -> new SubmitRequest(null, null, JobOptions.on("dev", 1)),
            () -> new SubmitRequest(ScriptSource.file(script), "a b", JobOptions.on("dev", 1)),
            () -> new SubmitRequest(ScriptSource.file(script), null, null),
            () -> new PipelineRunRequest("m;rm", "d", null, JobOptions.on("dev", 1)),
            () -> new PipelineRunRequest("m", "d", null, null),
            () -> new JobOptions("dev", 1, 1, null, "0", null, Map.of(), null, null, false),
            () -> new PreflightRequest("dev", 1, 1, null, null, "soon"));
    for (Runnable build : builds) {
      FleetException e = catchThrowableOfType(build::run, FleetException.class);
      assertThat(e).isNotNull();
      assertThat(e.kind()).isEqualTo(ErrorKind.INVALID_REQUEST);
    }
  }

  @Test
  void thereAreAtLeastThirtyOfThem() {
    assertThat(cases()).hasSizeGreaterThanOrEqualTo(30);
  }

  @Test
  void theAuditTrailRecordsWhoActedAndThroughWhichSurface() {
    fleet.governance().approve(new Actor("carol", Actor.CONSOLE), new ApproveRequest("dev"));

    var last = fleet.governance().audit(new AuditRequest("dev")).events();
    assertThat(last.get(last.size() - 1))
        .extracting(
            ClusterSummary.Audit::actor,
            ClusterSummary.Audit::surface,
            ClusterSummary.Audit::action)
        .containsExactly("carol", "console", "approve");
    assertThat(last.get(0))
        .extracting(ClusterSummary.Audit::actor, ClusterSummary.Audit::surface)
        .containsExactly("alice", "cli");
  }

  /** The stored state: clusters.yaml's bytes, the audit trail and the tracked jobs. */
  private static String stored() throws IOException {
    return Files.readString(home.resolve("clusters.yaml"))
        + fleet.governance().audit(AuditRequest.ALL).events()
        + fleet.jobs().list(ALICE, new JobsRequest(null, null, null, ReadFrom.STORE)).jobs();
  }
}
