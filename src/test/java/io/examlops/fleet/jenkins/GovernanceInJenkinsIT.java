package io.examlops.fleet.jenkins;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.examlops.fleet.access.AccessService;
import io.examlops.fleet.cli.ExaRun;
import io.examlops.fleet.model.Actor;
import io.examlops.fleet.model.access.Role;
import io.examlops.fleet.model.access.TokenScope;
import io.examlops.fleet.testing.TestFleets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The governance job ({@code jenkins/governance.Jenkinsfile} with {@code hpcReview}) in the
 * stand-in Jenkins, against a real {@code exa console} process over real HTTP, on mock clusters (no
 * SSH is needed to decide): the build shows what approving pins, waits on {@code input}, and the
 * console records the person who clicked, vouched for by the governance token.
 */
class GovernanceInJenkinsIT {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Duration ASKED = Duration.ofMinutes(5);
  private static final String BUILD = "jenkins:fleet-governance#12";

  @TempDir Path dir;
  private Map<String, String> home;
  private AccessService access;
  private RunningConsole console;
  private String governanceToken;
  private final Actor setup = Actor.cli("setup");

  @BeforeEach
  void aConsoleWithThreePendingClusters() throws Exception {
    home = new LinkedHashMap<>(ExaRun.fleetIn(dir.resolve("console"), "bob", 4));
    home.put("HOME", dir.resolve("console").toString());
    for (String name : new String[] {"alpha", "beta", "gamma"}) {
      ExaRun connected =
          ExaRun.run(home, "hpc", "connect", "local", "--name", name, "--scheduler", "mock");
      assertThat(connected.exitCode()).as(connected.err()).isZero();
    }
    access = TestFleets.fleet(home).access();
    char[] password = "a long test password".toCharArray();
    access.addUser(setup, "alice", Role.ADMIN, password);
    access.addUser(setup, "carol", Role.VIEWER, password);
    access.addUser(setup, "jenkins-bot", Role.ADMIN, password);
    governanceToken =
        access
            .createToken(
                setup,
                "jenkins-bot",
                "fleet-governance",
                EnumSet.of(TokenScope.READ, TokenScope.ON_BEHALF))
            .secret();
    Map<String, String> consoleEnv = new LinkedHashMap<>(home);
    consoleEnv.put("PATH", AgentWithExa.install(dir.resolve("console-host")));
    console = RunningConsole.start(dir.resolve("console-host/bin/exa").toString(), consoleEnv);
  }

  @AfterEach
  void stop() throws Exception {
    console.close();
  }

  /** A build of the governance job on an agent with no registry, its token as a credential. */
  private Pipeline governanceBuild(String token) throws Exception {
    Map<String, String> env = new LinkedHashMap<>();
    Path agent = Files.createDirectories(dir.resolve("agent"));
    env.put("HOME", agent.toString());
    env.put("PATH", AgentWithExa.install(agent));
    AgentWithExa.configure(agent, AgentWithExa.central(console.address(), "hpc-fleet-token"));
    env.put("JOB_NAME", "fleet-governance");
    env.put("BUILD_NUMBER", "12");
    return new Pipeline(Path.of("").toAbsolutePath(), dir.resolve("ws"), env)
        .withSecretText("fleet-governance-token", token)
        .withUser("alice", "hpc-admins")
        .withUser("carol", "hpc-admins")
        .withUser("mallory", "developers")
        .withCanceller("oscar");
  }

  private static CompletableFuture<String> start(Pipeline build) throws Exception {
    String jenkinsfile = Files.readString(Path.of("jenkins/governance.Jenkinsfile"));
    return CompletableFuture.supplyAsync(() -> build.run(jenkinsfile));
  }

  private JsonNode lastDecision(String cluster) throws Exception {
    ExaRun audit = ExaRun.run(home, "--json", "hpc", "audit", "--cluster", cluster);
    JsonNode events = JSON.readTree(audit.out()).get("events");
    return events.get(events.size() - 1);
  }

  private String state(String cluster) throws Exception {
    JsonNode clusters = JSON.readTree(ExaRun.run(home, "--json", "hpc", "clusters").out());
    for (JsonNode c : clusters.get("clusters")) {
      if (c.get("name").asText().equals(cluster)) {
        return c.get("state").asText();
      }
    }
    throw new AssertionError("no cluster " + cluster + " in " + clusters);
  }

  @Test
  void adminsApproveAndRejectAsThemselvesAndAStaleDecisionIsRefusedWithWhy() throws Exception {
    Pipeline build = governanceBuild(governanceToken);
    CompletableFuture<String> result = start(build);

    Pipeline.InputRequest alpha = build.awaitInput(ASKED);
    assertThat(build.declaredOptions()).containsKey("disableConcurrentBuilds");
    assertThat(build.declaredTriggers()).containsExactly("H/15 * * * *");
    String reviewed = ExaRun.run(home, "--json", "hpc", "review").out();
    io.examlops.fleet.cli.DocumentedShapes.cliReference().assertMatches("hpc review", reviewed);
    String revision = JSON.readTree(reviewed).at("/reviews/0/revision").asText();
    assertThat(alpha.message()).contains("Approve cluster alpha?").contains(revision);
    assertThat(alpha.parameters()).containsExactly("DECISION", "REASON");
    assertThat(build.log().text())
        .contains("hpcReview: 3 cluster(s) waiting for a decision: alpha, beta, gamma")
        .contains("hpcReview: cluster alpha is waiting for a decision (revision " + revision + ")")
        .containsPattern("asked for by +bob at 20")
        .containsPattern("scheduler +mock over local")
        .containsPattern("GPUs +4");
    assertThat(build.mails()).as("the admins told, once, before the build waits").hasSize(1);
    assertThat(build.mails().get(0))
        .containsEntry("to", "hpc-admins@example.org")
        .containsEntry("subject", "HPC Fleet: 3 cluster(s) waiting for a decision");
    assertThat(build.mails().get(0).get("body").toString())
        .contains("  alpha: mock over local, asked for by bob at 20")
        .contains("  gamma: mock over local");

    // Jenkins lets only the submitters answer: the build keeps waiting.
    assertThatThrownBy(() -> alpha.proceed("mallory", Map.of()))
        .isInstanceOf(Pipeline.InputRefused.class)
        .hasMessageContaining("You need to be hpc-admins");
    alpha.proceed("alice", Map.of("DECISION", "Approve"));

    Pipeline.InputRequest beta = build.awaitInput(ASKED);
    assertThat(state("alpha")).isEqualTo("ACTIVE");
    JsonNode approved = lastDecision("alpha");
    assertThat(approved.get("action").asText()).isEqualTo("approve");
    assertThat(approved.get("actor").asText() + " via " + approved.get("surface").asText())
        .isEqualTo("alice via " + BUILD);
    assertThat(approved.at("/details/vouchedBy").asText())
        .contains("'fleet-governance' of jenkins-bot");

    // Reject needs a reason: without one, the same cluster is asked again, saying so.
    beta.proceed("alice", Map.of("DECISION", "Reject", "REASON", " "));
    Pipeline.InputRequest betaAgain = build.awaitInput(ASKED);
    assertThat(betaAgain.id()).isEqualTo(beta.id());
    assertThat(betaAgain.message()).contains("a reason is required to reject cluster 'beta'");
    assertThat(state("beta")).isEqualTo("PENDING");
    betaAgain.proceed("alice", Map.of("DECISION", "Reject", "REASON", "wrong account"));

    // gamma changes while the build waits (another admin rejects it on the console's host): the
    // decision shown is stale, the console refuses it, and the build says why.
    Pipeline.InputRequest gamma = build.awaitInput(ASKED);
    JsonNode rejected = lastDecision("beta");
    assertThat(rejected.get("actor").asText()).isEqualTo("alice");
    assertThat(rejected.at("/details/reason").asText()).isEqualTo("wrong account");
    assertThat(ExaRun.run(home, "hpc", "reject", "gamma", "--reason", "decommissioned").exitCode())
        .isZero();
    gamma.proceed("alice", Map.of("DECISION", "Approve"));

    assertThat(result.get(5, TimeUnit.MINUTES)).isEqualTo("UNSTABLE");
    assertThat(build.inputsInsideANode()).as("no executor held while an admin decides").isZero();
    assertThat(build.log().text()).contains("[Pipeline] node (hpc-fleet)");
    assertThat(state("gamma")).isEqualTo("REJECTED");
    assertThat(lastDecision("gamma").get("actor").asText()).isEqualTo("bob");
    assertThat(build.log().text())
        .contains("hpcReview: alpha approved by alice")
        .contains("hpcReview: beta rejected by alice: wrong account")
        .contains("hpcReview: gamma was not approved for alice: ")
        .contains("cluster 'gamma' changed since it was reviewed: its state was PENDING and is now")
        .contains("REJECTED (decided by bob")
        .doesNotContain(governanceToken);
  }

  @Test
  void aJenkinsAdminWhoIsNoConsoleAdminOrATokenWithoutTheScopeDecidesNothing() throws Exception {
    Pipeline build = governanceBuild(governanceToken);
    CompletableFuture<String> result = start(build);
    // carol may answer in Jenkins (hpc-admins) but is a viewer on the console.
    build.awaitInput(ASKED).proceed("carol", Map.of("DECISION", "Approve"));
    Pipeline.InputRequest beta = build.awaitInput(ASKED);
    assertThat(state("alpha")).isEqualTo("PENDING");
    assertThat(build.log().text())
        .contains("hpcReview: alpha was not approved for carol: ")
        .contains("'carol' is not an admin of this console");
    // Proceed without choosing decides nothing: the cluster waits for the next build.
    beta.proceed("alice", Map.of());
    Pipeline.InputRequest gamma = build.awaitInput(ASKED);
    assertThat(state("beta")).isEqualTo("PENDING");
    assertThat(build.log().text())
        .contains("hpcReview: beta left waiting by alice; the next build asks again");
    // An abort decides nothing and ends the build; mallory may not even abort; oscar, who may
    // cancel the job's builds, may abort but not decide (Jenkins' rule)
    assertThatThrownBy(() -> gamma.abort("mallory")).isInstanceOf(Pipeline.InputRefused.class);
    assertThatThrownBy(() -> gamma.proceed("oscar", Map.of("DECISION", "Approve")))
        .isInstanceOf(Pipeline.InputRefused.class);
    gamma.abort("oscar");
    assertThat(result.get(5, TimeUnit.MINUTES)).isEqualTo("ABORTED");
    assertThat(state("gamma")).isEqualTo("PENDING");

    // A token that may approve as its own admin, but not on behalf of anyone, cannot record
    // alice's decision: the build fails saying which scope it lacks.
    String adminToken =
        access
            .createToken(
                setup,
                "jenkins-bot",
                "not-on-behalf",
                EnumSet.of(TokenScope.READ, TokenScope.ADMIN))
            .secret();
    Pipeline second = governanceBuild(adminToken);
    CompletableFuture<String> failed = start(second);
    second.awaitInput(ASKED).proceed("alice", Map.of("DECISION", "Approve"));
    assertThat(failed.get(5, TimeUnit.MINUTES)).isEqualTo("FAILURE");
    assertThat(second.log().text()).contains("it needs the on-behalf scope");
    assertThat(state("alpha")).isEqualTo("PENDING");

    // Without a console nothing vouches for anyone: --for is refused on a machine's own registry.
    ExaRun local =
        ExaRun.run(
            home,
            "hpc",
            "approve",
            "alpha",
            "--for",
            "alice",
            "--expect",
            "pending-00000000-00000000-00000000");
    assertThat(local.exitCode()).isEqualTo(1);
    assertThat(local.err()).contains("deciding for someone else goes through the fleet console");
    assertThat(state("alpha")).isEqualTo("PENDING");
  }
}
