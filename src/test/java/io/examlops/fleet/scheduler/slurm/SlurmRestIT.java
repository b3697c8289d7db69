package io.examlops.fleet.scheduler.slurm;

import static io.examlops.fleet.testbed.TestbedFleet.json;
import static io.examlops.fleet.testbed.TestbedFleet.ok;
import static io.examlops.fleet.testbed.TestbedFleet.words;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpServer;
import io.examlops.fleet.cli.ExaRun;
import io.examlops.fleet.mcp.ExaMcp;
import io.examlops.fleet.testbed.TestbedFleet;
import io.examlops.fleet.testbed.TestbedStates;
import io.examlops.fleet.testing.Eventually;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * The testbed's Slurm reached through Debian's slurmrestd (slurmrestd-up.sh: API v0.0.36-v0.0.38,
 * {@code auth/jwt}) with the cluster's signing key, beside the same cluster over SSH: the same
 * nodes either way; jobs of two fleet users run as their mapped cluster users (alice, bob), each
 * followed to its real end, their output read through the SSH cluster or a mount; every mint
 * audited; bad URLs, keys and servers refused with nothing registered.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class SlurmRestIT {
  private static final String API = "http://127.0.0.1:6820";
  @TempDir static Path home;
  static TestbedFleet fleet;
  static String adaJob;

  @BeforeAll
  static void oneClusterTwoWays() throws Exception {
    fleet = TestbedFleet.in(home).with("EXAMLOPS_ACTOR", "admin");
    fleet.connectSlurm("tc").approve("tc");
    ok(fleet.exa(words("hpc connect " + API + " --name rest --user hpcuser --signing-key"), key()));
    // the admin maps who acts as whom, then probes the edited entry again before approving it
    Path yaml = home.resolve("clusters.yaml");
    Files.writeString(
        yaml, Files.readString(yaml) + "    rest_users: \"ada=alice, token:ci=bob, grace=bob\"\n");
    ok(fleet.exa("hpc", "reprobe", "rest"));
    ok(fleet.exa("hpc", "approve", "rest"));
    Files.writeString(home.resolve("exit3.sh"), "#!/bin/bash\necho \"ran as $(id -un)\"\nexit 3\n");
    Files.writeString(home.resolve("long.sh"), "#!/bin/bash\nsleep 300\n");
  }

  @AfterAll
  static void testbedBackToItsStates() throws Exception {
    // without a testbed there is no fleet, and the set-up's own error says why
    if (fleet != null) {
      TestbedStates.awaitOnlyTheHolds(fleet.env());
    }
  }

  private static String key() {
    return fleet.testbed().dir().resolve("jwt_hs256.key").toString();
  }

  private static ExaRun as(String actor, String... args) {
    Map<String, String> env = new TreeMap<>(fleet.env());
    env.put("EXAMLOPS_ACTOR", actor);
    return ExaRun.run(env, args);
  }

  private static ExaRun as(String actor, String[] head, String... tail) {
    Map<String, String> env = new TreeMap<>(fleet.env());
    env.put("EXAMLOPS_ACTOR", actor);
    return ExaRun.run(env, head, tail);
  }

  /** What slurmctld itself says runs a job: {@code squeue -o %u}, as root on the testbed. */
  private static String slurmUser(String schedulerJobId) throws Exception {
    Process p =
        new ProcessBuilder("squeue", "-h", "-t", "all", "-j", schedulerJobId, "-o", "%u")
            .redirectErrorStream(true)
            .start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
    p.waitFor();
    return out;
  }

  @Test
  @Order(1)
  void theReviewNamesWhatTheSigningKeyGrants() throws Exception {
    JsonNode cluster = json(fleet.exa("--json", "hpc", "clusters"));
    JsonNode rest = null;
    for (JsonNode c : cluster.path("clusters").isArray() ? cluster.path("clusters") : cluster) {
      if (c.path("name").asText().equals("rest")) {
        rest = c;
      }
    }
    assertThat(rest).as(cluster.toString()).isNotNull();
    assertThat(rest.path("transport").asText()).isEqualTo("rest");
    assertThat(rest.path("state").asText()).isEqualTo("ACTIVE");
    // the console's review panel shows the same words (decision.jte renders them)
    assertThat(rest.path("cautions").toString())
        .contains("Holding the signing key is holding every account on that cluster")
        .contains("ada=alice, grace=bob, token:ci=bob");
    JsonNode approved = json(fleet.exa("--json", "hpc", "audit", "--action", "approve"));
    JsonNode pinned = null;
    for (JsonNode event : approved.path("events")) {
      if (event.path("cluster").asText().equals("rest")) {
        pinned = event.path("details").path("pinned");
      }
    }
    assertThat(pinned).as(approved.toString()).isNotNull();
    assertThat(pinned.path("transport").asText()).isEqualTo("REST");
    assertThat(pinned.path("settings").path("restUrl").asText()).isEqualTo(API);
    assertThat(pinned.path("settings").path("restApi").asText()).isEqualTo("v0.0.38");
    assertThat(pinned.path("settings").path("restSigningKey").asText()).isEqualTo(key());
    assertThat(pinned.path("settings").path("restUsers").asText())
        .isEqualTo("ada=alice, grace=bob, token:ci=bob");
    assertThat(pinned.path("keyFingerprint").asText()).startsWith("SHA256:");
  }

  @Test
  @Order(2)
  void theSameNodesEitherWay() throws Exception {
    JsonNode overSsh = json(fleet.exa("--json", "hpc", "nodes", "--cluster", "tc"));
    JsonNode overRest = json(fleet.exa("--json", "hpc", "nodes", "--cluster", "rest"));
    assertThat(shape(overRest)).isEqualTo(shape(overSsh)).isNotEmpty();
  }

  /** Last: its entry goes after rest's in clusters.yaml, which the tests before append to. */
  @Test
  @Order(9)
  void theSameThroughTheLocalSocketWhichNeedsNoCertificate() throws Exception {
    ok(
        fleet.exa(
            words("hpc connect unix:/run/slurmrestd/slurmrestd.socket --name sock --user hpcuser"),
            "--signing-key",
            key()));
    ok(fleet.exa("hpc", "approve", "sock"));
    JsonNode overSsh = json(fleet.exa("--json", "hpc", "nodes", "--cluster", "tc"));
    JsonNode overSocket = json(fleet.exa("--json", "hpc", "nodes", "--cluster", "sock"));
    assertThat(shape(overSocket)).isEqualTo(shape(overSsh)).isNotEmpty();
    assertThat(Files.readString(home.resolve("clusters.yaml")))
        .contains("rest_url: unix:/run/slurmrestd/slurmrestd.socket");
  }

  /** Each node's name, normalized state, CPUs, memory, GPUs and partitions. */
  private static List<String> shape(JsonNode nodes) {
    List<String> shape = new ArrayList<>();
    for (JsonNode n : nodes.path("nodes")) {
      shape.add(
          String.join(
              " ",
              n.path("name").asText(),
              n.path("state").asText(),
              n.path("cpus").asText(),
              n.path("memoryMb").asText(),
              n.path("gpus").toString(),
              sorted(n.path("partitions"))));
    }
    shape.sort(String::compareTo);
    return shape;
  }

  /** A node's partitions in name order: sinfo and slurmrestd list them in their own orders. */
  private static String sorted(JsonNode partitions) {
    List<String> names = new ArrayList<>();
    partitions.forEach(p -> names.add(p.asText()));
    names.sort(String::compareTo);
    return names.toString();
  }

  @Test
  @Order(3)
  void twoMappedUsersJobsRunAsEachAndEndAsTheyReallyEnded() throws Exception {
    JsonNode failed =
        ended(
            as(
                "ada",
                words("--json hpc submit --cluster rest --gpus 0 --wait --wait-timeout 120"),
                home.resolve("exit3.sh").toString()));
    assertThat(failed.get("state").asText()).isEqualTo("failed");
    assertThat(failed.get("exitCode").asInt()).isEqualTo(3);
    adaJob = failed.get("schedulerJobId").asText();
    assertThat(slurmUser(adaJob)).isEqualTo("alice");
    assertThat(Files.readString(Path.of("/home/alice/examlops-" + adaJob + ".out")))
        .contains("ran as alice");

    JsonNode timedOut =
        ended(
            as(
                "grace",
                words(
                    "--json hpc submit --cluster rest --gpus 0 --time 1 --wait"
                        + " --wait-timeout 240"),
                home.resolve("long.sh").toString()));
    assertThat(timedOut.get("state").asText()).isEqualTo("timeout");
    assertThat(slurmUser(timedOut.get("schedulerJobId").asText())).isEqualTo("bob");
  }

  /** The job a {@code submit --wait} printed; its exit code is the job's outcome, not 0. */
  private static JsonNode ended(ExaRun run) throws Exception {
    assertThat(run.out()).as(run.err()).isNotBlank();
    return new com.fasterxml.jackson.databind.ObjectMapper().readTree(run.out()).get("job");
  }

  @Test
  @Order(4)
  void aCancelThroughTheApiIsFollowedToItsEnd() throws Exception {
    JsonNode submitted =
        json(as(
                "grace",
                words("--json hpc submit --cluster rest --gpus 1 --partition gpu"),
                home.resolve("long.sh").toString()))
            .get("job");
    String id = submitted.get("id").asText();
    String schedulerId = submitted.get("schedulerJobId").asText();
    assertThat(slurmUser(schedulerId)).isEqualTo("bob");
    ok(as("grace", "hpc", "cancel", id));
    Eventually.waitUntil(
        "job " + id + " is seen cancelled",
        Duration.ofSeconds(120),
        () -> {
          try {
            return json(as("grace", "--json", "hpc", "jobs", "--cluster", "rest"))
                .toString()
                .matches(
                    "(?s).*\"schedulerJobId\":\""
                        + schedulerId
                        + "\"[^}]*\"state\":\"cancelled\".*");
          } catch (Exception e) {
            throw new IllegalStateException(e);
          }
        });
  }

  @Test
  @Order(5)
  void aFleetUserMappedToNoClusterUserIsRefusedAndNothingIsRecorded() throws Exception {
    int before = json(fleet.exa("--json", "hpc", "jobs", "--cluster", "rest")).toString().length();
    ExaRun refused =
        as(
            "mallory",
            words("hpc submit --cluster rest --gpus 0"),
            home.resolve("exit3.sh").toString());
    assertThat(refused.exitCode()).isNotZero();
    assertThat(refused.err())
        .contains("'mallory' is mapped to no user of this cluster", "rest_users", API);
    assertThat(json(fleet.exa("--json", "hpc", "jobs", "--cluster", "rest")).toString().length())
        .isEqualTo(before);
  }

  @Test
  @Order(6)
  void everyMintIsAuditedWithTheUserItActsAs() throws Exception {
    ExaRun run = ok(fleet.exa("--json", "hpc", "audit", "--action", "mint"));
    Map<String, String> actsAs = new TreeMap<>();
    for (JsonNode event : json(run).path("events")) {
      actsAs.put(event.path("actor").asText(), event.path("details").path("clusterUser").asText());
    }
    assertThat(actsAs).containsEntry("ada", "alice").containsEntry("grace", "bob");
    assertThat(run.out()).doesNotContain("eyJ"); // never a token itself
  }

  @Test
  @Order(7)
  void theOutputIsReadThroughAnotherClusterOrAMountAndOtherwiseLogsSaysWhy() throws Exception {
    String id = null;
    for (JsonNode job :
        json(fleet.exa("--json", "hpc", "jobs", "--cluster", "rest")).path("jobs")) {
      if (job.path("schedulerJobId").asText().equals(adaJob)) {
        id = job.path("id").asText();
      }
    }
    assertThat(id).as("ada's job " + adaJob).isNotNull();
    String file = "/home/alice/examlops-" + adaJob + ".out";
    ExaRun unread = fleet.exa("hpc", "logs", id);
    assertThat(unread.exitCode()).isNotZero();
    assertThat(unread.err())
        .contains("REST API (" + API + "), which reads no files", file, "rest_output_via");

    Path yaml = home.resolve("clusters.yaml");
    String entry = Files.readString(yaml);
    Files.writeString(yaml, entry + "    rest_output_via: tc\n");
    ok(fleet.exa("hpc", "reprobe", "rest"));
    ok(fleet.exa("hpc", "approve", "rest"));
    assertThat(ok(fleet.exa("hpc", "logs", id)).out()).contains("ran as alice");

    Files.writeString(yaml, entry + "    rest_output_mount: /home=/home\n");
    ok(fleet.exa("hpc", "reprobe", "rest"));
    ok(fleet.exa("hpc", "approve", "rest"));
    assertThat(ok(fleet.exa("hpc", "logs", id)).out()).contains("ran as alice");

    // an agent over MCP reads the same cluster and the same output, unchanged
    try (ExaMcp mcp = ExaMcp.serve(fleet.env())) {
      CallToolResult nodes = mcp.call("hpc_nodes", Map.of("cluster", "rest"));
      assertThat(nodes.isError()).as(nodes.content().toString()).isFalse();
      assertThat(shape(ExaMcp.structured(nodes)))
          .isEqualTo(shape(json(fleet.exa("--json", "hpc", "nodes", "--cluster", "tc"))));
      CallToolResult logs = mcp.call("hpc_job_logs", Map.of("job", id));
      assertThat(logs.isError()).as(logs.content().toString()).isFalse();
      assertThat(ExaMcp.structured(logs).path("text").asText()).contains("ran as alice");
      assertThat(ExaMcp.structured(logs).path("output").asText()).isEqualTo(file);
    }
  }

  @Test
  @Order(8)
  void aForgedKeyAWrongUrlAndAServerThatIsNotSlurmrestdAreRefusedWithNothingRegistered()
      throws Exception {
    Path forged = home.resolve("forged.key");
    Files.write(forged, new byte[32]);
    ExaRun badKey =
        fleet.exa(
            words("hpc connect " + API + " --name forged --user hpcuser --signing-key"),
            forged.toString());
    assertThat(badKey.exitCode()).isNotZero();
    assertThat(badKey.err()).contains(API, "Slurm refused the request", "signed with another key");

    ExaRun nobody =
        fleet.exa(
            words("hpc connect http://127.0.0.1:9 --name nobody --user hpcuser --signing-key"),
            key());
    assertThat(nobody.exitCode()).isNotZero();
    assertThat(nobody.err()).contains("http://127.0.0.1:9", "nothing answers at 127.0.0.1:9");

    ExaRun noSocket =
        fleet.exa(
            words("hpc connect unix:/run/slurmrestd/none.socket --name nosock --user hpcuser"),
            "--signing-key",
            key());
    assertThat(noSocket.exitCode()).isNotZero();
    assertThat(noSocket.err()).contains("no socket at /run/slurmrestd/none.socket");

    HttpServer html = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    html.createContext(
        "/",
        exchange -> {
          byte[] page = "<html><body>Sign in</body></html>".getBytes(StandardCharsets.UTF_8);
          exchange.getResponseHeaders().add("Content-Type", "text/html");
          exchange.sendResponseHeaders(200, page.length);
          exchange.getResponseBody().write(page);
          exchange.close();
        });
    html.start();
    try {
      String url = "http://127.0.0.1:" + html.getAddress().getPort();
      ExaRun proxy =
          fleet.exa(
              words("hpc connect " + url + " --name proxy --user hpcuser --signing-key"), key());
      assertThat(proxy.exitCode()).isNotZero();
      assertThat(proxy.err()).contains(url, "GET /openapi/v3", "not valid JSON", "'<html>");
    } finally {
      html.stop(0);
    }
    String clusters = ok(fleet.exa("--json", "hpc", "clusters")).out();
    assertThat(clusters).doesNotContain("forged", "nobody", "nosock", "proxy");
    assertThat(Files.readString(home.resolve("clusters.yaml")))
        .doesNotContain("forged", "nobody", "nosock", "proxy");
  }
}
