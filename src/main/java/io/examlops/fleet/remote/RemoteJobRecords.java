package io.examlops.fleet.remote;

import com.fasterxml.jackson.core.type.TypeReference;
import io.examlops.fleet.jobs.JobResult;
import io.examlops.fleet.jobs.JobsResult;
import io.examlops.fleet.model.ErrorKind;
import io.examlops.fleet.model.FleetException;
import io.examlops.fleet.model.JobRef;
import io.examlops.fleet.model.TrackedJob;
import io.examlops.fleet.registry.JobRecords;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Tracked jobs as the console records them, for what an agent reads itself (capacity, the GPUs its
 * clusters' jobs hold). Only the console writes them: it submits and follows every job, so an
 * agent's token can record nothing the console did not do.
 */
final class RemoteJobRecords implements JobRecords {
  private static final TypeReference<JobResult> ONE = new TypeReference<>() {};
  private static final TypeReference<JobsResult> MANY = new TypeReference<>() {};

  private final CentralClient client;

  RemoteJobRecords(CentralClient client) {
    this.client = client;
  }

  @Override
  public Optional<TrackedJob> find(long id) {
    try {
      return Optional.of(client.get("/jobs/" + encoded(JobRef.fleet(id)), ONE).job());
    } catch (FleetException e) {
      if (e.kind() == ErrorKind.UNKNOWN_JOB) {
        return Optional.empty();
      }
      throw e;
    }
  }

  @Override
  public List<TrackedJob> list(Filter filter) {
    // Every job, as this port promises: the console cuts at its default page unless told.
    return client.get("/jobs" + query(filter, List.of("all=true")), MANY).jobs();
  }

  /** One page, cut by the console's own store. */
  @Override
  public List<TrackedJob> list(Filter filter, Page page) {
    List<String> paging = new ArrayList<>();
    if (page.before() != null) {
      paging.add("before=" + page.before());
    }
    paging.add("offset=" + page.offset());
    paging.add("limit=" + page.limit());
    return client.get("/jobs" + query(filter, paging), MANY).jobs();
  }

  /** Counted by the console's own store. */
  @Override
  public long count(Filter filter) {
    JobsResult one = client.get("/jobs" + query(filter, List.of("limit=1")), MANY);
    return one.total() == null ? one.jobs().size() : one.total();
  }

  private static String query(Filter filter, List<String> more) {
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
    if (filter.user() != null) {
      query.add("user=" + encoded(filter.user()));
    }
    if (filter.token() != null) {
      query.add("token=" + encoded(filter.token()));
    }
    query.addAll(more);
    return query.isEmpty() ? "" : "?" + String.join("&", query);
  }

  @Override
  public Optional<TrackedJob> latestTagged(String tag) {
    throw consoleRecords();
  }

  @Override
  public TrackedJob begin(
      TrackedJob job,
      String tag,
      io.examlops.fleet.model.ActingToken token,
      java.math.BigDecimal askedHours) {
    throw consoleRecords();
  }

  @Override
  public TokenUse tokenUse(String token, Instant since) {
    throw consoleRecords();
  }

  @Override
  public TrackedJob complete(
      TrackedJob begun, String schedulerJobId, io.examlops.fleet.model.Actor actor) {
    throw consoleRecords();
  }

  @Override
  public void discard(TrackedJob begun) {
    throw consoleRecords();
  }

  @Override
  public TrackedJob notSubmitted(
      TrackedJob begun, String why, io.examlops.fleet.model.Actor actor) {
    throw consoleRecords();
  }

  @Override
  public void cancelAsked(
      TrackedJob job, io.examlops.fleet.model.Actor actor, String outcome, String message) {
    throw consoleRecords();
  }

  @Override
  public List<TrackedJob> update(List<TrackedJob> jobs) {
    throw consoleRecords();
  }

  @Override
  public void startLease(long id, Instant at) {
    throw consoleRecords();
  }

  @Override
  public void renewLease(long id, Instant at) {
    throw consoleRecords();
  }

  @Override
  public boolean endLease(long id) {
    throw consoleRecords();
  }

  @Override
  public List<TrackedJob> leasedBefore(Instant instant) {
    throw consoleRecords();
  }

  /** Nothing of the fleet's reaches a write here: the gateway's services ask the console. */
  private static IllegalStateException consoleRecords() {
    return new IllegalStateException("an agent in central mode writes no job record");
  }

  private static String encoded(String value) {
    return URLEncoder.encode(value, StandardCharsets.UTF_8);
  }
}
