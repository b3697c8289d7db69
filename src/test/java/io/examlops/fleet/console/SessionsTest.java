package io.examlops.fleet.console;

import static org.assertj.core.api.Assertions.assertThat;

import io.examlops.fleet.model.access.Role;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import org.junit.jupiter.api.Test;

class SessionsTest {
  /** A clock the test moves. */
  private static final class MovingClock extends Clock {
    Instant now = Instant.parse("2026-12-01T10:00:00Z");

    @Override
    public ZoneId getZone() {
      return ZoneId.of("UTC");
    }

    @Override
    public Clock withZone(ZoneId zone) {
      return this;
    }

    @Override
    public Instant instant() {
      return now;
    }
  }

  @Test
  void aSessionExpiresWhenIdleAndAtItsAbsoluteEnd() {
    MovingClock clock = new MovingClock();
    Sessions sessions = new Sessions(clock);
    Session s = sessions.open("bob", Role.VIEWER);
    assertThat(s.id()).hasSizeGreaterThanOrEqualTo(43).isNotEqualTo(s.csrf());
    clock.now = clock.now.plus(Sessions.IDLE.minusSeconds(1));
    assertThat(sessions.find(s.id())).isPresent();
    clock.now = clock.now.plus(Sessions.IDLE.plusSeconds(1));
    assertThat(sessions.find(s.id())).as("idle too long").isEmpty();

    Session busy = sessions.open("bob", Role.VIEWER);
    for (Duration d = Duration.ZERO; d.compareTo(Sessions.ABSOLUTE) < 0; d = d.plusMinutes(20)) {
      assertThat(sessions.find(busy.id())).as("in use, %s after sign-in", d).isPresent();
      clock.now = clock.now.plus(Duration.ofMinutes(20));
    }
    clock.now = clock.now.plusSeconds(1);
    assertThat(sessions.find(busy.id())).as("past its absolute end").isEmpty();
  }

  @Test
  void signingOutAndRemovingAUserEndSessions() {
    Sessions sessions = new Sessions(Clock.systemUTC());
    Session a = sessions.open("ann", Role.ADMIN);
    Session b = sessions.open("bob", Role.VIEWER);
    sessions.close(a.id());
    assertThat(sessions.find(a.id())).isEmpty();
    sessions.closeAllOf("bob");
    assertThat(sessions.find(b.id())).isEmpty();
    assertThat(sessions.find(null)).isEmpty();
    assertThat(sessions.find("forged")).isEmpty();
  }

  @Test
  void theLimiterRefusesPastItsLimitUntilTheWindowMoves() {
    MovingClock clock = new MovingClock();
    AttemptLimiter limiter = new AttemptLimiter(clock, 2, Duration.ofMinutes(5));
    limiter.record("k");
    assertThat(limiter.wait("k")).isZero();
    limiter.record("k");
    assertThat(limiter.wait("k")).isEqualTo(Duration.ofMinutes(5));
    clock.now = clock.now.plus(Duration.ofMinutes(5));
    assertThat(limiter.wait("k")).isZero();
  }
}
