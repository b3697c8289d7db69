package io.examlops.fleet.faults;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.examlops.fleet.Fleet;
import io.examlops.fleet.cli.ExaProcess;
import io.examlops.fleet.model.Actor;
import io.examlops.fleet.model.access.Role;
import io.examlops.fleet.model.access.TokenScope;
import io.examlops.fleet.registry.WriteHook.WriteStep;
import io.examlops.fleet.testing.TestFleets;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real {@code exa console}, the fleet's gateway, killed with SIGKILL during a burst of
 * submissions: agents (real {@code exa hpc submit} processes with a submit token and no cluster
 * credential, each to a cluster of its own, the mock backend running the jobs on the console's
 * machine) ask the console to submit; the console records each submission, sends it, and records
 * the scheduler's answer. It stops at one point of that sequence for every submission of the burst
 * ({@code ExaWithWriteStops}) and is killed there; restarted, it finds every job again by the mark
 * it was sent with and follows it: no row stays submitting and no job the mock ran is untracked.
 */
class ConsoleKilledDuringSubmissionsIT {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Pattern LISTENING = Pattern.compile("listening on (http://\\S+?)/ ");
  private static final int BURST = 4;

  @TempDir Path root;
  private Path db;
  private Path script;
  private ExaProcess admin;
  private String token;
  private final List<Process> consoles = new ArrayList<>();
  private final ExecutorService agents = Executors.newFixedThreadPool(BURST);

  @BeforeEach
  void aConsoleStoreWithAnActiveMockClusterAndASubmitToken() throws Exception {
    Path server = root.resolve("server");
    db = server.resolve("platform.db");
    Path yaml = server.resolve("clusters.yaml");
    admin = ExaProcess.onStores(server, yaml, db);
    for (int i = 0; i < BURST; i++) {
      admin.prepare("hpc", "connect", "local", "--name", "c" + i, "--scheduler", "mock");
      admin.prepare("hpc", "approve", "c" + i);
    }
    Fleet fleet =
        TestFleets.fleet(
            Map.of(
                "HOME", server.toString(),
                "EXAMLOPS_HPC_REGISTRY", yaml.toString(),
                "EXAMLOPS_PLATFORM_DB", db.toString()));
    Actor setup = new Actor("root", Actor.CLI);
    fleet.access().addUser(setup, "ann", Role.VIEWER, "a long password for ann".toCharArray());
    token =
        fleet
            .access()
            .createToken(setup, "ann", "ci", EnumSet.of(TokenScope.READ, TokenScope.SUBMIT))
            .secret();
    script = root.resolve("job.sh");
    Files.writeString(script, "#!/bin/sh\necho burst\n");
  }

  @AfterEach
  void stop() throws Exception {
    agents.shutdownNow();
    for (Process console : consoles) {
      console.destroyForcibly();
      console.waitFor(30, TimeUnit.SECONDS);
    }
  }

  @Test
  void killedAfterTheSchedulersAcceptedNothingIsUntrackedOnceTheAgentLooksAgain() throws Exception {
    List<ExaProcess.Result> burst = burstKilledAt(WriteStep.JOB_SENT_BEFORE_RECORD);

    String said = said(burst);
    assertThat(burst).allMatch(agent -> agent.exitCode() != 0, said);
    assertThat(said).doesNotContain("Exception").doesNotContain("at io.examlops");
    assertThat(submitting()).as("left submitting by the kill").hasSize(BURST);
    Set<String> ran = mockJobs();
    assertThat(ran).as("the mock ran every job of the burst").hasSize(BURST);

    ExaProcess agent = agent(startConsole((WriteStep) null));
    awaitNoneSubmitting();
    ExaProcess.Result looked = agent.run("--json", "hpc", "jobs");

    ok(looked);
    Set<String> tracked = new TreeSet<>();
    for (JsonNode job : JSON.readTree(looked.out()).get("jobs")) {
      tracked.add(job.get("schedulerJobId").asText());
    }
    assertThat(tracked).as("every job the mock ran is tracked").isEqualTo(ran);
  }

  @Test
  void killedBeforeAnyAgentSentItsJobTheRecordsEndNotSubmitted() throws Exception {
    List<ExaProcess.Result> burst = burstKilledAt(WriteStep.JOB_RECORDED_BEFORE_SEND);

    String said = said(burst);
    assertThat(burst).allMatch(agent -> agent.exitCode() != 0, said);
    assertThat(said).doesNotContain("Exception").doesNotContain("at io.examlops");
    assertThat(submitting()).hasSize(BURST);
    assertThat(mockJobs()).as("no agent sent its job").isEmpty();
    // Restarted once the grace period for a submission on its way has passed.
    ExaProcess agent = agent(startConsole(admin.clockAhead(Duration.ofMinutes(16))));
    awaitNoneSubmitting();
    ExaProcess.Result later = agent.run("--json", "hpc", "jobs");
    ok(later);
    for (JsonNode job : JSON.readTree(later.out()).get("jobs")) {
      assertThat(job.get("state").asText()).isEqualTo("not-submitted");
      assertThat(job.get("reason").asText())
          .contains(job.get("cluster").asText() + " has no job sent with its mark");
    }
    assertThat(mockJobs()).isEmpty();
  }

  /**
   * Starts a console that stops at {@code step}, sends a burst of agents' submissions, and kills
   * the console with SIGKILL once every submission of the burst reached the step; returns what each
   * agent said.
   */
  private List<ExaProcess.Result> burstKilledAt(WriteStep step) throws Exception {
    LinkedBlockingQueue<String> said = new LinkedBlockingQueue<>();
    String url = startConsole(step, said);
    Process console = consoles.get(consoles.size() - 1);
    ExaProcess agent = agent(url);
    List<Future<ExaProcess.Result>> burst = new ArrayList<>();
    for (int i = 0; i < BURST; i++) {
      String cluster = "c" + i;
      burst.add(
          agents.submit(
              () ->
                  agent.run(
                      "hpc",
                      "submit",
                      "--cluster",
                      cluster,
                      "--name",
                      "burst",
                      script.toString())));
    }
    List<String> lines = new ArrayList<>();
    for (int reached = 0; reached < BURST; ) {
      String line = said.poll(120, TimeUnit.SECONDS);
      if (line == null) {
        List<String> ended = new ArrayList<>();
        for (Future<ExaProcess.Result> f : burst) {
          ended.add(f.isDone() ? said(List.of(f.get())) : "(still running)");
        }
        throw new AssertionError(
            "the burst did not reach "
                + step
                + " "
                + BURST
                + " times; the console said "
                + lines
                + "; the agents: "
                + ended
                + "; the console's stderr: "
                + Files.readString(root.resolve("console-" + (consoles.size() - 1) + ".err")));
      }
      lines.add(line);
      if (line.equals("crashpoint " + step.name())) {
        reached++;
      }
    }
    console.destroyForcibly(); // SIGKILL: no shutdown hook runs
    assertThat(console.waitFor(30, TimeUnit.SECONDS)).isTrue();
    assertThat(console.exitValue()).isEqualTo(137);
    List<ExaProcess.Result> results = new ArrayList<>();
    for (Future<ExaProcess.Result> f : burst) {
      results.add(f.get(150, TimeUnit.SECONDS));
    }
    return results;
  }

  private static String said(List<ExaProcess.Result> burst) {
    return String.join(
        "\n---\n", burst.stream().map(r -> "exit " + r.exitCode() + ": " + r.all()).toList());
  }

  private String startConsole(WriteStep step) throws Exception {
    return startConsole(step, new LinkedBlockingQueue<>());
  }

  private String startConsole(ExaProcess exa) throws Exception {
    return startConsole(exa, new LinkedBlockingQueue<>());
  }

  private String startConsole(WriteStep step, LinkedBlockingQueue<String> said) throws Exception {
    return startConsole(step == null ? admin : admin.stoppingAt(step), said);
  }

  /** Until the restarted console's refresher resolved every record left submitting. */
  private void awaitNoneSubmitting() {
    io.examlops.fleet.testing.Eventually.waitUntil(
        "no row left submitting",
        Duration.ofMinutes(3),
        () -> {
          try {
            return submitting().isEmpty();
          } catch (Exception e) {
            throw new AssertionError(e);
          }
        });
  }

  private String consoleErr() throws Exception {
    return Files.readString(root.resolve("console-" + (consoles.size() - 1) + ".err"));
  }

  /** Starts {@code exa console --port 0}; its later stdout lines go to {@code said}. */
  private String startConsole(ExaProcess exa, LinkedBlockingQueue<String> said) throws Exception {
    Process console =
        exa.start(root.resolve("console-" + consoles.size() + ".err"), "console", "--port", "0");
    consoles.add(console);
    BufferedReader out =
        new BufferedReader(new InputStreamReader(console.getInputStream(), StandardCharsets.UTF_8));
    String line;
    Matcher listening = null;
    while ((line = out.readLine()) != null) {
      listening = LISTENING.matcher(line);
      if (listening.find()) {
        break;
      }
    }
    assertThat(line)
        .as(
            "the console started: "
                + Files.readString(root.resolve("console-" + (consoles.size() - 1) + ".err")))
        .isNotNull();
    Thread reader =
        new Thread(
            () -> {
              try {
                String more;
                while ((more = out.readLine()) != null) {
                  said.add(more);
                }
              } catch (java.io.IOException e) {
                // the console was killed
              }
            });
    reader.setDaemon(true);
    reader.start();
    return listening.group(1);
  }

  /** {@code exa} on a build agent in central mode: its home, the console's URL, the token. */
  private ExaProcess agent(String url) {
    return ExaProcess.with(
        Map.of(
            "HOME", root.resolve("agent").toString(),
            "EXAMLOPS_SERVER", url,
            "EXAMLOPS_TOKEN", token));
  }

  private List<String> submitting() throws Exception {
    return StoredState.rows(db).get("hpc_jobs").stream()
        .filter(r -> r.contains("|SUBMITTING|"))
        .toList();
  }

  /** The ids of the jobs the mock backend ran: on the console's machine, never the agent's. */
  private Set<String> mockJobs() throws Exception {
    Set<String> ids = new TreeSet<>();
    try (Stream<Path> all = Files.walk(root.resolve("server"))) {
      for (Path dir : all.filter(p -> p.getFileName().toString().equals("mock-jobs")).toList()) {
        try (Stream<Path> jobs = Files.list(dir)) {
          jobs.filter(Files::isDirectory).forEach(j -> ids.add(j.getFileName().toString()));
        }
      }
    } catch (java.nio.file.NoSuchFileException e) {
      return ids;
    }
    return ids;
  }

  private static void ok(ExaProcess.Result run) {
    assertThat(run.exitCode()).as(run.all()).isZero();
  }
}
