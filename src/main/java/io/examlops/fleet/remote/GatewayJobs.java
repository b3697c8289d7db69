package io.examlops.fleet.remote;

import com.fasterxml.jackson.core.type.TypeReference;
import io.examlops.fleet.jobs.CancelRequest;
import io.examlops.fleet.jobs.CancelResult;
import io.examlops.fleet.jobs.DetachRequest;
import io.examlops.fleet.jobs.DetachResult;
import io.examlops.fleet.jobs.FollowRequest;
import io.examlops.fleet.jobs.FollowResult;
import io.examlops.fleet.jobs.JobOptions;
import io.examlops.fleet.jobs.JobRequest;
import io.examlops.fleet.jobs.JobResult;
import io.examlops.fleet.jobs.JobService;
import io.examlops.fleet.jobs.JobsRequest;
import io.examlops.fleet.jobs.JobsResult;
import io.examlops.fleet.jobs.LogsRequest;
import io.examlops.fleet.jobs.LogsResult;
import io.examlops.fleet.jobs.PipelineRunRequest;
import io.examlops.fleet.jobs.QueueRequest;
import io.examlops.fleet.jobs.QueueResult;
import io.examlops.fleet.jobs.Scripts;
import io.examlops.fleet.jobs.SubmitRequest;
import io.examlops.fleet.jobs.SubmitResult;
import io.examlops.fleet.model.Actor;
import io.examlops.fleet.model.ErrorKind;
import io.examlops.fleet.model.FleetException;
import io.examlops.fleet.model.ReadFrom;
import io.examlops.fleet.settings.LeaseSettings;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Jobs in central mode: every operation is asked of the console, which holds the clusters'
 * credentials, submits, watches each cluster's jobs with one watcher, and records. A follow is a
 * series of long polls, each of which renews the job's lease; a console that cannot be reached
 * meanwhile is asked again ({@link ConsoleOutage}) until the lease would lapse.
 */
final class GatewayJobs implements JobService {
  /**
   * The largest script sent: the console reads request bodies of up to 64 KiB, and a script's text
   * grows when written as JSON.
   */
  static final int MAX_SCRIPT_BYTES = 48 * 1024;

  private static final TypeReference<SubmitResult> SUBMITTED = new TypeReference<>() {};
  private static final TypeReference<FollowResult> FOLLOWED = new TypeReference<>() {};
  private static final TypeReference<LogsPage> PAGE = new TypeReference<>() {};
  private static final TypeReference<JobResult> ONE = new TypeReference<>() {};
  private static final TypeReference<JobsResult> MANY = new TypeReference<>() {};
  private static final TypeReference<CancelResult> CANCELLED = new TypeReference<>() {};
  private static final TypeReference<DetachResult> DETACHED = new TypeReference<>() {};
  private static final TypeReference<QueueResult> QUEUE = new TypeReference<>() {};

  record Submit(String fileName, String script, String name, JobOptions job) {}

  record PipelineRun(
      String model, String dataset, String fileName, String script, JobOptions job) {}

  /** What one read of a job's output brings: the text, and where the next read starts. */
  record LogsPage(String text, LogsResult result) {}

  private final CentralClient client;
  private final LeaseSettings leases;

  GatewayJobs(CentralClient client, LeaseSettings leases) {
    this.client = client;
    this.leases = leases;
  }

  @Override
  public SubmitResult submit(Actor actor, SubmitRequest request) {
    Scripts.Script script = Scripts.read(request.script());
    String name = request.name() != null ? request.name() : script.jobName();
    return client.send(
        "POST",
        "/submit",
        new Submit(
            fileName(request.script().fileName(), request), sized(script), name, request.job()),
        actor,
        SUBMITTED);
  }

  private static String fileName(String given, SubmitRequest request) {
    if (given != null) {
      return given;
    }
    return request.script().file() == null
        ? null
        : request.script().file().getFileName().toString();
  }

  @Override
  public SubmitResult runPipeline(Actor actor, PipelineRunRequest request) {
    Scripts.Script script = request.script() == null ? null : Scripts.read(request.script());
    return client.send(
        "POST",
        "/pipeline-run",
        new PipelineRun(
            request.model(),
            request.dataset(),
            script == null ? null : script.jobName(),
            script == null ? null : sized(script),
            request.job()),
        actor,
        SUBMITTED);
  }

  private static String sized(Scripts.Script script) {
    int bytes = script.text().getBytes(StandardCharsets.UTF_8).length;
    if (bytes > MAX_SCRIPT_BYTES) {
      throw FleetException.invalid(
          "the job script is "
              + bytes
              + " bytes; through the console a batch script is at most "
              + MAX_SCRIPT_BYTES
              + " bytes: put data and programs in files the script reads on the cluster",
          "script");
    }
    return script.text();
  }

  /**
   * Long polls of at most the lease's renewal interval until the job ends or the request's limit
   * passes; each renews the job's lease on the console.
   */
  @Override
  public FollowResult follow(Actor actor, FollowRequest request) throws InterruptedException {
    long deadline = System.nanoTime() + request.timeoutSeconds() * 1_000_000_000L;
    ConsoleOutage outage = new ConsoleOutage(client.server(), request.job(), leases);
    while (true) {
      int poll = pollSeconds(deadline);
      FollowResult seen =
          outage.retried(
              () ->
                  client.send(
                      "GET",
                      job(request.job()) + "/follow?timeout=" + poll,
                      null,
                      actor,
                      FOLLOWED));
      if (seen.ended() || System.nanoTime() >= deadline) {
        return seen;
      }
    }
  }

  @Override
  public LogsResult logs(Actor actor, LogsRequest request, Consumer<String> sink) {
    long deadline = System.nanoTime() + request.timeoutSeconds() * 1_000_000_000L;
    ConsoleOutage outage = new ConsoleOutage(client.server(), request.job(), leases);
    long offset = request.offset();
    LogsResult last = null;
    while (true) {
      int poll = request.follow() ? pollSeconds(deadline) : 1;
      String path =
          job(request.job())
              + "/logs?offset="
              + offset
              + "&follow="
              + request.follow()
              + "&timeout="
              + poll;
      LogsPage page;
      try {
        page = outage.retried(() -> client.send("GET", path, null, actor, PAGE));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        if (last == null) {
          throw new FleetException(
              ErrorKind.TIMED_OUT,
              "interrupted before job " + request.job() + "'s output was read");
        }
        return last;
      }
      if (!page.text().isEmpty()) {
        sink.accept(page.text());
      }
      last = page.result();
      offset = last.offset();
      if (!request.follow() || page.result().followed() || System.nanoTime() >= deadline) {
        return page.result();
      }
    }
  }

  private int pollSeconds(long deadline) {
    long left = Math.max(1, (deadline - System.nanoTime()) / 1_000_000_000L);
    return (int) Math.min(left, leases.renew().toSeconds());
  }

  @Override
  public JobResult job(Actor actor, JobRequest request) {
    return client.send(
        "GET", job(request.job()) + "?from=" + from(request.from()), null, actor, ONE);
  }

  @Override
  public JobsResult list(Actor actor, JobsRequest request) {
    List<String> query = new ArrayList<>();
    query.add("from=" + from(request.from()));
    add(query, "cluster", request.cluster());
    add(query, "model", request.model());
    add(query, "state", request.state());
    add(query, "user", request.user());
    add(query, "token", request.token());
    add(query, "before", request.before() == null ? null : request.before().toString());
    add(query, "offset", request.offset() == 0 ? null : Long.toString(request.offset()));
    // The console cuts at the default page unless told: no limit here means every job.
    add(query, "limit", request.limit() == null ? null : request.limit().toString());
    add(query, "all", request.limit() == null ? "true" : null);
    return client.send(
        "GET", "/jobs" + (query.isEmpty() ? "" : "?" + String.join("&", query)), null, actor, MANY);
  }

  /** The console's word for where to read: the scheduler unless the request says the store. */
  private static String from(ReadFrom from) {
    return from == ReadFrom.STORE ? "store" : "scheduler";
  }

  private static void add(List<String> query, String name, String value) {
    if (value != null) {
      query.add(name + "=" + encoded(value));
    }
  }

  /**
   * Nothing is left to follow here: the console's refresher follows every unfinished job of the
   * fleet, so what an agent then reads (capacity, the jobs) is already as its schedulers said.
   */
  @Override
  public List<String> followAll(Actor actor) {
    return List.of();
  }

  @Override
  public CancelResult cancel(Actor actor, CancelRequest request) {
    return client.send("POST", job(request.job()) + "/cancel", null, actor, CANCELLED);
  }

  @Override
  public DetachResult detach(Actor actor, DetachRequest request) {
    return client.send("POST", job(request.job()) + "/detach", null, actor, DETACHED);
  }

  @Override
  public List<String> cancelLapsed(Actor actor) {
    throw consoleDoesIt("cancels the jobs whose lease lapsed");
  }

  /** As the console last recorded it: its refresher reads the queue, not each agent. */
  @Override
  public QueueResult queue(Actor actor, QueueRequest request) {
    return client.send(
        "GET", "/clusters/" + encoded(request.cluster()) + "/queue", null, actor, QUEUE);
  }

  private FleetException consoleDoesIt(String what) {
    return new FleetException(
        ErrorKind.CONFLICT,
        "the central console at " + client.server() + " " + what + "; this exa is its agent");
  }

  private static String job(String ref) {
    return "/jobs/" + encoded(ref);
  }

  private static String encoded(String value) {
    return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
  }
}
