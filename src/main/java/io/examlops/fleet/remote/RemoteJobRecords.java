package io.examlops.fleet.remote;

import com.fasterxml.jackson.core.type.TypeReference;
import io.examlops.fleet.model.Actor;
import io.examlops.fleet.model.TrackedJob;
import io.examlops.fleet.registry.JobRecords;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Tracked jobs kept by the console. Each change is sent as it happens, so that the console holds a
 * job before the scheduler does (and refuses one for a cluster that is not ACTIVE).
 */
final class RemoteJobRecords implements JobRecords {
  private final CentralClient client;
  private final Actor actor;

  RemoteJobRecords(CentralClient client, Actor actor) {
    this.client = client;
    this.actor = actor;
  }

  record Job(TrackedJob job) {}

  record Jobs(List<TrackedJob> jobs) {}

  record Begin(TrackedJob job, String tag) {}

  record Submitted(String schedulerJobId) {}

  record NotSubmitted(String reason) {}

  private static final TypeReference<Job> JOB = new TypeReference<>() {};
  private static final TypeReference<Jobs> JOBS = new TypeReference<>() {};

  @Override
  public TrackedJob begin(TrackedJob job, String tag) {
    return client.send("POST", "/jobs", new Begin(job, tag), actor, JOB).job();
  }

  @Override
  public TrackedJob complete(TrackedJob begun, String schedulerJobId, Actor who) {
    return client
        .send("POST", "/jobs/" + begun.id() + "/submitted", new Submitted(schedulerJobId), who, JOB)
        .job();
  }

  @Override
  public void discard(TrackedJob begun) {
    client.send("DELETE", "/jobs/" + begun.id(), null, actor, null);
  }

  @Override
  public TrackedJob notSubmitted(TrackedJob begun, String why, Actor who) {
    return client
        .send("POST", "/jobs/" + begun.id() + "/not-submitted", new NotSubmitted(why), who, JOB)
        .job();
  }

  @Override
  public TrackedJob update(TrackedJob job) {
    return client.send("PUT", "/jobs/" + job.id(), new Job(job), actor, JOB).job();
  }

  @Override
  public Optional<TrackedJob> find(long id) {
    return Optional.ofNullable(client.get("/jobs/" + id, JOB).job());
  }

  @Override
  public Optional<TrackedJob> latestTagged(String tag) {
    return client.get("/jobs?tag=" + encoded(tag), JOBS).jobs().stream().findFirst();
  }

  @Override
  public List<TrackedJob> list(Filter filter) {
    List<String> query = new ArrayList<>();
    if (filter.cluster() != null) {
      query.add("cluster=" + encoded(filter.cluster()));
    }
    if (filter.model() != null) {
      query.add("model=" + encoded(filter.model()));
    }
    if (filter.state() != null) {
      query.add("state=" + filter.state().label());
    }
    return client
        .get("/jobs" + (query.isEmpty() ? "" : "?" + String.join("&", query)), JOBS)
        .jobs();
  }

  private static String encoded(String value) {
    return URLEncoder.encode(value, StandardCharsets.UTF_8);
  }
}
