package io.examlops.fleet.console;

import io.examlops.fleet.Fleet;
import io.examlops.fleet.discovery.RefreshRequest;
import java.time.Clock;
import java.time.Duration;

/**
 * An admin's "refresh now" (the cluster page's button and {@code POST .../NAME/refresh}): the
 * cluster's next round (its jobs followed, its nodes refreshed), queued for the refresher's next
 * tick, at most once per {@link #EVERY} per cluster. Whether a cluster may be and is refreshed is
 * the core's answer (the approval gate's verdict, discovery's refresh targets), in the core's
 * words: no rule of the console's.
 */
final class RefreshRequests {
  static final Duration EVERY = Duration.ofSeconds(30);

  /** The answer, in the API's shape. */
  record Queued(String cluster, boolean refreshQueued) {}

  private final Fleet fleet;
  private final Refresher refresher;
  private final AttemptLimiter limiter;

  RefreshRequests(Fleet fleet, Refresher refresher, Clock clock) {
    this.fleet = fleet;
    this.refresher = refresher;
    this.limiter = new AttemptLimiter(clock, 1, EVERY);
  }

  /** Queues a round of the cluster named; the core refuses an unknown name. */
  Queued request(String name) {
    // Asked now, not read from the cached view: the gate's verdict is as fresh as the CLI's.
    fleet.discovery().checkRefresh(new RefreshRequest(name));
    Duration wait = limiter.wait(name);
    if (!wait.isZero()) {
      throw new Refusal(
          429,
          "RATE_LIMITED",
          "cluster '" + name + "' was refreshed on request moments ago",
          "try again in " + Math.max(1, wait.toSeconds()) + " s");
    }
    limiter.record(name);
    boolean queued = fleet.discovery().refreshTargets().contains(name);
    if (queued) {
      refresher.refreshSoon(name);
    }
    return new Queued(name, queued);
  }
}
