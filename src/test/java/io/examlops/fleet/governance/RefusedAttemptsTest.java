package io.examlops.fleet.governance;

import static org.assertj.core.api.Assertions.assertThat;

import io.examlops.fleet.Fleet;
import io.examlops.fleet.model.Actor;
import io.examlops.fleet.model.RefusedAttempt;
import io.examlops.fleet.model.RefusedAttempt.Why;
import io.examlops.fleet.testing.MovingClock;
import io.examlops.fleet.testing.TestFleets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Refused attempts on the audit trail: who, from where, what and why; the same refusal again within
 * the window counted in one event; a flood from one address folded; read back as every surface
 * reads the trail.
 */
class RefusedAttemptsTest {
  private static final Instant T0 = Instant.parse("2026-12-01T10:00:00Z");

  @TempDir Path dir;
  private final MovingClock clock = new MovingClock(T0);
  private GovernanceService governance;

  @BeforeEach
  void aFleet() {
    Fleet fleet =
        Fleet.of(
            TestFleets.settings(
                Map.of(
                    "EXAMLOPS_HPC_REGISTRY", dir.resolve("clusters.yaml").toString(),
                    "EXAMLOPS_DATA_DIR", dir.resolve("data").toString())),
            clock);
    governance = fleet.governance();
  }

  private static RefusedAttempt wrongPassword(String name, String from) {
    return new RefusedAttempt(
        name, Actor.CONSOLE, from, "sign-in", Why.WRONG_PASSWORD, "Wrong user or password.", null);
  }

  private List<ClusterSummary.Audit> refused() {
    return governance
        .audit(new AuditRequest(null, null, "refused", false, null, null, 0, null))
        .events();
  }

  @Test
  void theSameRefusalWithinTheWindowIsCountedInOneEvent() {
    governance.refused(wrongPassword("admin", "203.0.113.7"));
    clock.advance(Duration.ofMinutes(4));
    governance.refused(wrongPassword("admin", "203.0.113.7"));
    clock.advance(Duration.ofMinutes(5));
    governance.refused(wrongPassword("admin", "203.0.113.7"));

    List<ClusterSummary.Audit> events = refused();
    assertThat(events).hasSize(1);
    ClusterSummary.Audit e = events.get(0);
    assertThat(e.actor()).isEqualTo("admin");
    assertThat(e.surface()).isEqualTo("console");
    assertThat(e.cluster()).isNull();
    assertThat(e.at()).isEqualTo(T0);
    assertThat(e.details().get("from").asText()).isEqualTo("203.0.113.7");
    assertThat(e.details().get("what").asText()).isEqualTo("sign-in");
    assertThat(e.details().get("why").asText()).isEqualTo("wrong-password");
    assertThat(e.details().get("count").asInt()).isEqualTo(3);
    assertThat(e.details().get("last").asText()).isEqualTo("2026-12-01T10:09:00.000Z");

    // Ten minutes after the event's first refusal, the same refusal starts an event of its own.
    clock.advance(Duration.ofMinutes(1).plusMillis(1));
    governance.refused(wrongPassword("admin", "203.0.113.7"));
    assertThat(refused()).extracting(a -> a.details().get("count").asInt()).containsExactly(3, 1);
  }

  @Test
  void anotherAddressNameOrReasonIsAnotherEvent() {
    governance.refused(wrongPassword("admin", "203.0.113.7"));
    governance.refused(wrongPassword("admin", "198.51.100.2"));
    governance.refused(wrongPassword("root", "203.0.113.7"));
    governance.refused(
        new RefusedAttempt(
            "admin", Actor.CONSOLE, "203.0.113.7", "sign-in", Why.SIGN_IN_DELAY, "wait 2 s", null));

    assertThat(refused())
        .extracting(
            e -> e.actor() + " " + e.details().get("from").asText() + " " + e.details().get("why"))
        .containsExactly(
            "admin 203.0.113.7 \"wrong-password\"",
            "admin 198.51.100.2 \"wrong-password\"",
            "root 203.0.113.7 \"wrong-password\"",
            "admin 203.0.113.7 \"sign-in-delay\"");
  }

  @Test
  void aNameSprayFromOneAddressIsFoldedOnceItHasItsShare() {
    for (int i = 0; i < 25; i++) {
      governance.refused(wrongPassword("user" + i, "203.0.113.7"));
    }
    governance.refused(wrongPassword("ann", "198.51.100.2"));

    List<ClusterSummary.Audit> events = refused();
    assertThat(events).hasSize(22);
    ClusterSummary.Audit folded =
        events.stream().filter(e -> e.actor().equals("(others)")).findFirst().orElseThrow();
    assertThat(folded.details().get("from").asText()).isEqualTo("203.0.113.7");
    assertThat(folded.details().get("count").asInt()).isEqualTo(5);
    assertThat(folded.details().get("why").asText()).isEqualTo("wrong-password");
    assertThat(events.get(events.size() - 1).actor())
        .as("another address is not held back by the flood")
        .isEqualTo("ann");
  }

  @Test
  void whatWasTypedIsKeptAsOneShortLineAndATokenByItsName() {
    governance.refused(wrongPassword("x".repeat(300), "203.0.113.7"));
    governance.refused(wrongPassword("evil\nname", "203.0.113.7"));
    governance.refused(wrongPassword("   ", "203.0.113.7"));
    governance.refused(
        new RefusedAttempt(
            "ci",
            "mcp",
            "192.0.2.1",
            "POST /mcp",
            Why.SCOPE,
            "ci may not do this: it needs the read scope",
            "'agent' (1a2b3c4d)"));

    List<ClusterSummary.Audit> events = refused();
    assertThat(events.get(0).actor()).hasSize(RefusedAttempt.MAX_NAME + 1).endsWith("…");
    assertThat(events.get(1).actor()).isEqualTo("(a name that is not one plain line)");
    assertThat(events.get(2).actor()).isEqualTo("(no name)");
    assertThat(events.get(3).surface()).isEqualTo("mcp");
    assertThat(events.get(3).details().get("token").asText()).isEqualTo("'agent' (1a2b3c4d)");
    assertThat(events.get(3).details().get("why").asText()).isEqualTo("scope");
  }
}
