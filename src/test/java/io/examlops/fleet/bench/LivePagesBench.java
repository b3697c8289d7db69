package io.examlops.fleet.bench;

import io.examlops.fleet.Fleet;
import io.examlops.fleet.discovery.HostTarget;
import io.examlops.fleet.governance.ConnectRequest;
import io.examlops.fleet.model.Actor;
import io.examlops.fleet.testing.TestFleets;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Holds PAGES live pages open on a console as browsers do (each a {@code GET /live} stream that
 * fetches its page again at each {@code change}), makes a change in the stores every CHANGE_EVERY
 * seconds from another process's point of view (a mock cluster registered, as {@code exa hpc
 * connect} would), for SECONDS; prints how many streams stood, the changes they saw and the page
 * fetches they made. scripts/bench/live.sh runs it beside a steady API load.
 *
 * <p>Usage: {@code LivePagesBench BASE TOKEN STORES_DIR PAGES SECONDS CHANGE_EVERY}
 */
public final class LivePagesBench {
  private LivePagesBench() {}

  public static void main(String[] args) throws Exception {
    String base = args[0];
    String token = args[1];
    Path stores = Path.of(args[2]);
    int pages = Integer.parseInt(args[3]);
    int seconds = Integer.parseInt(args[4]);
    int changeEvery = Integer.parseInt(args[5]);
    HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
    AtomicInteger open = new AtomicInteger();
    AtomicInteger broken = new AtomicInteger();
    AtomicLong changeEvents = new AtomicLong();
    AtomicLong fetches = new AtomicLong();
    AtomicLong failedFetches = new AtomicLong();
    HttpRequest live =
        HttpRequest.newBuilder(URI.create(base + "/live"))
            .header("Authorization", "Bearer " + token)
            .header("Accept", "text/event-stream")
            .build();
    HttpRequest page =
        HttpRequest.newBuilder(URI.create(base + "/"))
            .header("Authorization", "Bearer " + token)
            .build();
    for (int i = 0; i < pages; i++) {
      http.sendAsync(live, HttpResponse.BodyHandlers.ofLines())
          .thenAccept(
              r -> {
                if (r.statusCode() != 200) {
                  broken.incrementAndGet();
                  return;
                }
                open.incrementAndGet();
                r.body()
                    .filter(line -> line.equals("event: change"))
                    .forEach(
                        line -> {
                          changeEvents.incrementAndGet();
                          // As console.js does: within 2 s of the change, at random.
                          java.util.concurrent.CompletableFuture.delayedExecutor(
                                  java.util.concurrent.ThreadLocalRandom.current().nextLong(2000),
                                  java.util.concurrent.TimeUnit.MILLISECONDS)
                              .execute(() -> fetch(http, page, fetches, failedFetches));
                        });
                open.decrementAndGet();
                broken.incrementAndGet();
              });
    }
    Fleet fleet = TestFleets.fleet(ConsoleBenchFleet.env(stores));
    Actor bench = Actor.cli("bench");
    AtomicInteger made = new AtomicInteger();
    java.util.concurrent.ScheduledExecutorService changes =
        java.util.concurrent.Executors.newSingleThreadScheduledExecutor();
    changes.scheduleAtFixedRate(
        () ->
            fleet
                .governance()
                .connect(
                    bench,
                    new ConnectRequest(
                        "live" + made.getAndIncrement(), HostTarget.of(HostTarget.LOCAL), "mock")),
        changeEvery,
        changeEvery,
        java.util.concurrent.TimeUnit.SECONDS);
    // The run lasts SECONDS of changes, then the counts are read.
    changes.awaitTermination(seconds, java.util.concurrent.TimeUnit.SECONDS);
    changes.shutdownNow();
    System.out.printf(
        "live pages: %d of %d streams open at the end (%d broke); %d changes made, %d change"
            + " events received, %d page fetches answered, %d failed%n",
        open.get(),
        pages,
        broken.get(),
        made.get(),
        changeEvents.get(),
        fetches.get(),
        failedFetches.get());
    System.exit(0);
  }

  private static void fetch(
      HttpClient http, HttpRequest page, AtomicLong fetches, AtomicLong failedFetches) {
    http.sendAsync(page, HttpResponse.BodyHandlers.discarding())
        .whenComplete(
            (p, e) -> {
              if (e == null && p.statusCode() == 200) {
                fetches.incrementAndGet();
              } else {
                failedFetches.incrementAndGet();
              }
            });
  }
}
