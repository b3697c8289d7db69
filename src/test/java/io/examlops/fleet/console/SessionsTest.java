package io.examlops.fleet.console;

import static org.assertj.core.api.Assertions.assertThat;

import io.examlops.fleet.model.access.Credential;
import io.examlops.fleet.model.access.Role;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import org.junit.jupiter.api.Test;

class SessionsTest {
  private static final Credential ANN = new Credential("ann", Role.ADMIN, "stamp-a", false);
  private static final Credential BOB = new Credential("bob", Role.VIEWER, "stamp-b", false);

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
    Session s = sessions.open(BOB);
    assertThat(s.id()).hasSizeGreaterThanOrEqualTo(43).isNotEqualTo(s.csrf());
    clock.now = clock.now.plus(Sessions.IDLE.minusSeconds(1));
    assertThat(sessions.find(s.id())).isPresent();
    clock.now = clock.now.plus(Sessions.IDLE.plusSeconds(1));
    assertThat(sessions.find(s.id())).as("idle too long").isEmpty();

    Session busy = sessions.open(BOB);
    for (Duration d = Duration.ZERO; d.compareTo(Sessions.ABSOLUTE) < 0; d = d.plusMinutes(20)) {
      assertThat(sessions.find(busy.id())).as("in use, %s after sign-in", d).isPresent();
      clock.now = clock.now.plus(Duration.ofMinutes(20));
    }
    clock.now = clock.now.plusSeconds(1);
    assertThat(sessions.find(busy.id())).as("past its absolute end").isEmpty();
  }

  @Test
  void aSessionOnAnIdTokenEndsWithItInUseOrNotButNeverOutlivesTheAbsoluteEnd() {
    MovingClock clock = new MovingClock();
    Sessions sessions = new Sessions(clock);
    Credential dora =
        new Credential("dora", Role.ADMIN, "stamp-d", false, Credential.Origin.PROVIDER);
    Session s = sessions.open(dora, clock.now.plus(Duration.ofMinutes(15)));
    clock.now = clock.now.plus(Duration.ofMinutes(10));
    assertThat(sessions.find(s.id())).isPresent();
    clock.now = clock.now.plus(Duration.ofMinutes(5));
    assertThat(sessions.find(s.id())).as("its ID token expired, though in use").isEmpty();

    Session longToken = sessions.open(dora, clock.now.plus(Duration.ofDays(2)));
    assertThat(longToken.notAfter()).isEqualTo(clock.now.plus(Sessions.ABSOLUTE));
  }

  @Test
  void signingOutEndsASessionAndANoticeIsShownOnce() {
    Sessions sessions = new Sessions(Clock.systemUTC());
    Session a = sessions.open(ANN);
    Session b = sessions.open(BOB);
    sessions.close(a.id());
    assertThat(sessions.find(a.id())).isEmpty();
    sessions.flash(b, "Approved alpha.");
    assertThat(sessions.takeFlash(b)).isEqualTo("Approved alpha.");
    assertThat(sessions.takeFlash(b)).as("shown once").isNull();
    sessions.flash(a, "Approved beta.");
    assertThat(sessions.takeFlash(a)).as("a closed session keeps no notice").isNull();
    assertThat(sessions.find(null)).isEmpty();
    assertThat(sessions.find("forged")).isEmpty();
  }

  @Test
  void failedSignInsSlowOneUserAtOneAddressWithGrowingDelaysAndLockNobodyOut() {
    MovingClock clock = new MovingClock();
    SignInDelays delays = new SignInDelays(clock);
    for (int i = 0; i < SignInDelays.FREE_FAILURES; i++) {
      assertThat(delays.wait("admin", "10.0.0.66")).isZero();
      delays.failed("admin", "10.0.0.66");
    }
    assertThat(delays.wait("admin", "10.0.0.66")).isEqualTo(SignInDelays.FIRST_DELAY);
    delays.failed("admin", "10.0.0.66");
    assertThat(delays.wait("admin", "10.0.0.66")).isEqualTo(Duration.ofSeconds(2));
    for (int i = 0; i < 20; i++) {
      delays.failed("admin", "10.0.0.66");
    }
    assertThat(delays.wait("admin", "10.0.0.66")).as("capped").isEqualTo(SignInDelays.MAX_DELAY);
    assertThat(delays.wait("admin", "10.0.0.1")).as("the real admin elsewhere").isZero();
    assertThat(delays.wait("vic", "10.0.0.66")).as("another user at that address").isZero();
    clock.now = clock.now.plus(SignInDelays.MAX_DELAY);
    assertThat(delays.wait("admin", "10.0.0.66")).as("a delay, never a lock-out").isZero();
    delays.failed("admin", "10.0.0.66");
    clock.now = clock.now.plus(SignInDelays.FORGET_AFTER).plusSeconds(1);
    assertThat(delays.wait("admin", "10.0.0.66")).isZero();
    delays.failed("admin", "10.0.0.66");
    assertThat(delays.wait("admin", "10.0.0.66")).as("forgotten: free tries again").isZero();
    delays.failed("admin", "10.0.0.66");
    delays.failed("admin", "10.0.0.66");
    delays.succeeded("admin", "10.0.0.66");
    assertThat(delays.wait("admin", "10.0.0.66")).as("a success starts again").isZero();
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
