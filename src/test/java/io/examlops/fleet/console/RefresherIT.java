package io.examlops.fleet.console;

import static org.assertj.core.api.Assertions.assertThat;

import io.examlops.fleet.Fleet;
import io.examlops.fleet.capacity.UtilizationRequest;
import io.examlops.fleet.cli.ExaRun;
import io.examlops.fleet.jobs.QueueRequest;
import io.examlops.fleet.jobs.QueueResult;
import io.examlops.fleet.model.JobState;
import io.examlops.fleet.model.NodeSnapshot;
import io.examlops.fleet.model.ReadFrom;
import io.examlops.fleet.registry.ClusterRegistry;
import io.examlops.fleet.testbed.Testbed;
import io.examlops.fleet.testing.TestFleets;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The console's refresher on the real Slurm + SSH testbed: a cluster connected and approved with
 * the CLI is snapshotted in the background, its snapshot, queue (a pending job's reason included)
 * and utilization sample stored, and the pages read it with its age; "refresh now" is rate-limited.
 */
class RefresherIT {
  @TempDir Path home;

  @Test
  void theRefresherSnapshotsAnApprovedSlurmCluster() throws Exception {
    Testbed testbed = Testbed.require();
    Map<String, String> env = ConsoleFixture.testbedHome(home, testbed);
    ExaRun connected =
        ExaRun.run(
            env,
            new String[] {"hpc", "connect", Testbed.HOST, "--name", "lxp"},
            testbed.sshOptions());
    assertThat(connected.exitCode()).as(connected.err()).isZero();
    assertThat(ExaRun.run(env, "hpc", "approve", "lxp").exitCode()).isZero();
    // A job that waits for its begin time: the queue recorded with the snapshot shows why.
    Path later = home.resolve("later.sh");
    Files.writeString(later, "#!/bin/bash\n#SBATCH --begin=now+1hour\ntrue\n");
    ExaRun submitted =
        ExaRun.run(
            env,
            "--json",
            "hpc",
            "submit",
            "--cluster",
            "lxp",
            "--gpus",
            "0",
            "--name",
            "it-later",
            later.toString());
    assertThat(submitted.exitCode()).as(submitted.err()).isZero();
    String laterId =
        new com.fasterxml.jackson.databind.ObjectMapper()
            .readTree(submitted.out())
            .at("/job/id")
            .asText();
    try {
      refreshesNodesAndQueue(env);
    } finally {
      ExaRun.run(env, "hpc", "cancel", "#" + laterId);
    }
  }

  private void refreshesNodesAndQueue(Map<String, String> env) throws Exception {
    Fleet fleet = TestFleets.fleet(env);
    Instant before = Instant.now();
    try (ConsoleServer server =
        new ConsoleServer(
            fleet,
            // An interval no run reaches: the snapshots are the first and the requested one (on a
            // run slower than the interval, a third could come between the first and its queue).
            new ConsoleSettings("127.0.0.1", 0, Duration.ofHours(1), false),
            Clock.systemUTC())) {
      server.start();
      long end = System.nanoTime() + Duration.ofSeconds(90).toNanos();
      while (server.refresher.status("lxp").lastSuccessAt() == null) {
        assertThat(server.refresher.status("lxp").lastFailure()).isNull();
        assertThat(System.nanoTime()).as("a snapshot within 90 s").isLessThan(end);
        Thread.sleep(200);
      }
      ClusterRegistry registry = ClusterRegistry.open(TestFleets.settings(env), Clock.systemUTC());
      NodeSnapshot snapshot = registry.latestSnapshot("lxp").orElseThrow();
      assertThat(snapshot.takenBy()).isEqualTo("refresher");
      assertThat(snapshot.takenAt()).isAfterOrEqualTo(before.minusMillis(1));
      assertThat(snapshot.nodes()).isNotEmpty();
      assertThat(
              fleet
                  .capacity()
                  .utilization(new UtilizationRequest("lxp", before.minusSeconds(1)))
                  .samples())
          .hasSize(1)
          .allSatisfy(s -> assertThat(s.totalGpus()).isEqualTo(6));
      QueueResult queue = fleet.jobs().queue(Refresher.AS, new QueueRequest("lxp", ReadFrom.STORE));
      assertThat(queue.snapshotId()).isEqualTo(snapshot.id());
      assertThat(queue.takenAt()).isEqualTo(snapshot.takenAt());
      assertThat(queue.failure()).isNull();
      assertThat(queue.jobs())
          .filteredOn(j -> "it-later".equals(j.name()))
          .singleElement()
          .satisfies(
              j -> {
                assertThat(j.state()).isEqualTo(JobState.PENDING);
                assertThat(j.reason()).isEqualTo("BeginTime");
              });
      assertThat(queue.jobs())
          .filteredOn(j -> "hold-g1".equals(j.name()))
          .singleElement()
          .satisfies(j -> assertThat(j.state()).isEqualTo(JobState.RUNNING));
      RefreshStatus status = server.refresher.status("lxp");
      assertThat(status.nextDueAt()).isAfter(status.lastSuccessAt());

      io.examlops.fleet.model.Actor alice = new io.examlops.fleet.model.Actor("alice", "cli");
      String token =
          fleet
              .access()
              .createToken(
                  alice,
                  fleet.access().createFirstAdmin(alice).map(a -> a.user()).orElse("admin"),
                  "it",
                  java.util.EnumSet.of(
                      io.examlops.fleet.model.access.TokenScope.READ,
                      io.examlops.fleet.model.access.TokenScope.ADMIN))
              .secret();
      HttpClient http = HttpClient.newHttpClient();
      String base = "http://127.0.0.1:" + server.port() + ApiRoutes.BASE;
      HttpResponse<String> nodes =
          http.send(read(base + "/lxp/nodes", token), HttpResponse.BodyHandlers.ofString());
      assertThat(nodes.statusCode()).isEqualTo(200);
      assertThat(nodes.body())
          .contains(
              "\"takenAt\":\""
                  + io.examlops.fleet.json.FleetJson.instant(snapshot.takenAt())
                  + "\"");
      HttpResponse<String> recorded =
          http.send(read(base + "/lxp/queue", token), HttpResponse.BodyHandlers.ofString());
      assertThat(recorded.statusCode()).isEqualTo(200);
      io.examlops.fleet.cli.DocumentedShapes.apiReference().assertMatches("queue", recorded.body());
      assertThat(recorded.body()).contains("\"reason\":\"BeginTime\"");
      HttpRequest refresh =
          HttpRequest.newBuilder(URI.create(base + "/lxp/refresh"))
              .header("Authorization", "Bearer " + token)
              .POST(HttpRequest.BodyPublishers.noBody())
              .build();
      assertThat(http.send(refresh, HttpResponse.BodyHandlers.ofString()).statusCode())
          .isEqualTo(200);
      HttpResponse<String> limited = http.send(refresh, HttpResponse.BodyHandlers.ofString());
      assertThat(limited.statusCode()).isEqualTo(429);
      assertThat(limited.body()).contains("RATE_LIMITED").contains("try again in");
      long second = System.nanoTime() + Duration.ofSeconds(60).toNanos();
      while (registry.latestSnapshot("lxp").orElseThrow().id() == snapshot.id()) {
        assertThat(System.nanoTime()).as("the requested refresh within 60 s").isLessThan(second);
        Thread.sleep(200);
      }
    }
  }

  private static HttpRequest read(String url, String token) {
    return HttpRequest.newBuilder(URI.create(url))
        .header("Authorization", "Bearer " + token)
        .build();
  }
}
