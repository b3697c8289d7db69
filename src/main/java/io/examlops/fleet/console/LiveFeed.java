package io.examlops.fleet.console;

import io.examlops.fleet.json.FleetJson;
import io.javalin.config.RoutesConfig;
import io.javalin.http.sse.SseClient;
import io.javalin.http.sse.SseHandler;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What keeps the console's pages live: each open page holds one server-sent event stream ({@code
 * GET /live}), and one thread looks once a {@link #TICK} at what pages show (the stores' version,
 * which moves with every audited change and every change to tracked jobs, from any process; and the
 * fleet view's rows, which move with each refresh). When it changed, every open page is told
 * ({@code change}, with the number of clusters waiting and the time) and fetches what it shows
 * again; otherwise a comment every {@link #HEARTBEAT} keeps the stream open and shows a page that
 * its connection still stands. A stream holds no thread while it waits (Jetty's async requests).
 */
final class LiveFeed implements AutoCloseable {
  static final Duration TICK = Duration.ofSeconds(1);
  static final Duration HEARTBEAT = Duration.ofSeconds(15);

  private static final Logger LOG = LoggerFactory.getLogger(LiveFeed.class);

  /** What the pages show, reduced to what tells whether it changed. */
  private record Shown(String stores, List<ClusterRow> rows) {}

  /** A change as a page reads it. */
  record Change(long pending, Instant at) {}

  private final Set<SseClient> clients = ConcurrentHashMap.newKeySet();
  private final Supplier<String> stores;
  private final ViewCache views;
  private final Clock clock;
  private final ScheduledExecutorService ticker =
      Executors.newSingleThreadScheduledExecutor(Daemons.named("console-live"));
  private Shown last;
  private long quietTicks;

  LiveFeed(Supplier<String> stores, ViewCache views, Clock clock) {
    this.stores = stores;
    this.views = views;
    this.clock = clock;
  }

  void register(RoutesConfig routes) {
    routes.get("/live", new SseHandler(this::open), Needs.READ);
  }

  void start() {
    ticker.scheduleWithFixedDelay(
        this::tick, TICK.toMillis(), TICK.toMillis(), TimeUnit.MILLISECONDS);
  }

  private void open(SseClient client) {
    client.keepAlive();
    client.onClose(() -> clients.remove(client));
    clients.add(client);
    // A page learns at once that its stream stands.
    client.sendEvent("hello", change(views.get()));
  }

  private String change(FleetView view) {
    return FleetJson.compact(new Change(view.pending(), clock.instant()));
  }

  private void tick() {
    try {
      // The view of every change made so far, its rows worked out before the pages are told (they
      // fetch within 2 s). One change from outside moves the stores twice (clusters.yaml, then the
      // audit trail): if they moved while the rows were worked out, the pages are told of the view
      // after, and 500 of them do not wait for its rows (docs/performance.md, "Live pages").
      views.fresh().rows();
      FleetView view = views.fresh();
      Shown now = new Shown(stores.get(), view.rows());
      if (!now.equals(last)) {
        boolean first = last == null;
        last = now;
        quietTicks = 0;
        if (!first) {
          broadcast(c -> c.sendEvent("change", change(view)));
        }
      } else if (++quietTicks * TICK.toMillis() >= HEARTBEAT.toMillis()) {
        quietTicks = 0;
        broadcast(c -> c.sendComment("still here"));
      }
    } catch (RuntimeException e) {
      // A store that cannot be read now is read again at the next tick; pages keep what they show.
      LOG.warn("live pages: cannot read what they show now: {}", e.getMessage());
    }
  }

  private void broadcast(Consumer<SseClient> send) {
    for (SseClient client : clients) {
      if (client.terminated()) {
        clients.remove(client);
      } else {
        try {
          send.accept(client);
        } catch (RuntimeException e) {
          clients.remove(client);
          client.close();
        }
      }
    }
  }

  @Override
  public void close() {
    ticker.shutdownNow();
    clients.forEach(SseClient::close);
    clients.clear();
  }
}
