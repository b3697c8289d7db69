package io.examlops.fleet.console;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.examlops.fleet.Fleet;
import io.examlops.fleet.governance.ApproveRequest;
import io.examlops.fleet.jobs.CancelRequest;
import io.examlops.fleet.jobs.DetachRequest;
import io.examlops.fleet.jobs.FollowRequest;
import io.examlops.fleet.jobs.JobOptions;
import io.examlops.fleet.jobs.JobRequest;
import io.examlops.fleet.jobs.ScriptSource;
import io.examlops.fleet.jobs.SubmitRequest;
import io.examlops.fleet.model.Actor;
import io.examlops.fleet.model.ErrorKind;
import io.examlops.fleet.model.FleetException;
import io.examlops.fleet.model.JobState;
import io.examlops.fleet.model.ReadFrom;
import io.examlops.fleet.model.TrackedJob;
import io.examlops.fleet.model.access.TokenScope;
import io.examlops.fleet.settings.LeaseSettings;
import io.examlops.fleet.testing.MovingClock;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Leases through the gateway, over real HTTP, on a console whose clock the test moves (the mock
 * runs the jobs): a job whose agent stopped following it is cancelled once its lease lapsed and the
 * grace after it passed (defaults: 2 min, then 1 min), not a second sooner; a follow renews the
 * lease; a detached job runs on; only its submitter or an admin cancels or detaches a job.
 */
class GatewayLeasesTest {
  private static final Actor BUILD = new Actor("agent-user", "jenkins:train#7");
  private static final LeaseSettings LEASES = LeaseSettings.DEFAULTS;

  @TempDir Path serverDir;
  @TempDir Path agentDir;
  private final MovingClock clock = new MovingClock(Instant.now());
  private ConsoleFixture console;
  private Fleet agent;

  @BeforeEach
  void start() {
    console = new ConsoleFixture(serverDir, clock, "beta");
    console.fleet.governance().approve(ConsoleFixture.SETUP, new ApproveRequest("beta"));
    agent = agent(console.token(ConsoleFixture.VIEWER, TokenScope.READ, TokenScope.SUBMIT));
  }

  @AfterEach
  void stop() {
    console.close();
  }

  private Fleet agent(String token) {
    return console.agent(agentDir, token);
  }

  /** A job that runs until it is cancelled, with a lease or, {@code detached}, without. */
  private TrackedJob longJob(boolean leased) {
    return agent
        .jobs()
        .submit(
            BUILD,
            new SubmitRequest(
                ScriptSource.text("long.sh", "#!/bin/sh\nsleep 600\n"),
                "long",
                JobOptions.on("beta", 1).leased(leased)))
        .job();
  }

  private List<String> sweep() {
    return console.fleet.jobs().cancelLapsed(ConsoleFixture.SETUP);
  }

  private JobState state(TrackedJob job) {
    return console
        .fleet
        .jobs()
        .job(ConsoleFixture.SETUP, new JobRequest("#" + job.id(), ReadFrom.SCHEDULER))
        .job()
        .state();
  }

  @Test
  void aJobNobodyFollowsIsCancelledOnceItsLeaseLapsedAndItsGracePassed() {
    TrackedJob job = longJob(true);

    clock.advance(LEASES.cancelAfter().minusSeconds(1));
    assertThat(sweep()).isEmpty();
    assertThat(state(job)).isNotEqualTo(JobState.CANCELLED);

    clock.advance(Duration.ofSeconds(2));
    List<String> swept = sweep();

    assertThat(state(job)).isEqualTo(JobState.CANCELLED);
    // the console's own sweep may have come first; what it says is the same either way
    swept.forEach(
        line ->
            assertThat(line)
                .startsWith("cancelled job " + job.id() + " (beta ")
                .contains("nobody followed it for 180 s")
                .contains("lapsed after 120 s, then 60 s of grace"));
    assertThat(sweep()).as("a cancelled job's lease is over").isEmpty();
  }

  @Test
  void aFollowRenewsTheLease() throws Exception {
    TrackedJob job = longJob(true);
    clock.advance(Duration.ofSeconds(120));

    var followed = agent.jobs().follow(BUILD, new FollowRequest("#" + job.id(), 1));

    assertThat(followed.ended()).isFalse();
    clock.advance(Duration.ofSeconds(120));
    assertThat(sweep()).as("renewed 120 s ago").isEmpty();
    assertThat(state(job)).isNotEqualTo(JobState.CANCELLED);
    clock.advance(Duration.ofSeconds(61));
    sweep();
    assertThat(state(job)).isEqualTo(JobState.CANCELLED);
  }

  @Test
  void aDetachedJobRunsOnWhoeverWatches() {
    TrackedJob detachedAtSubmit = longJob(false);
    TrackedJob detachedLater = longJob(true);

    var detached = agent.jobs().detach(BUILD, new DetachRequest("#" + detachedLater.id()));

    assertThat(detached.wasLeased()).isTrue();
    clock.advance(Duration.ofHours(1));
    assertThat(sweep()).isEmpty();
    assertThat(state(detachedAtSubmit)).isNotEqualTo(JobState.CANCELLED);
    assertThat(state(detachedLater)).isNotEqualTo(JobState.CANCELLED);
    agent.jobs().cancel(BUILD, new CancelRequest("#" + detachedAtSubmit.id()));
    agent.jobs().cancel(BUILD, new CancelRequest("#" + detachedLater.id()));
  }

  @Test
  void onlyItsSubmitterOrAnAdminCancelsOrDetachesAJob() {
    TrackedJob job = longJob(true);
    console
        .fleet
        .access()
        .addUser(
            ConsoleFixture.SETUP,
            "sam",
            io.examlops.fleet.model.access.Role.VIEWER,
            ConsoleFixture.PASSWORD.toCharArray());
    Fleet other = agent(console.token("sam", TokenScope.READ, TokenScope.SUBMIT));
    Fleet admin = agent(console.token(ConsoleFixture.ADMIN, TokenScope.values()));

    FleetException cancel =
        catchThrowableOfType(
            FleetException.class,
            () -> other.jobs().cancel(BUILD, new CancelRequest("#" + job.id())));
    FleetException detach =
        catchThrowableOfType(
            FleetException.class,
            () -> other.jobs().detach(BUILD, new DetachRequest("#" + job.id())));

    assertThat(cancel.kind()).isEqualTo(ErrorKind.NOT_PERMITTED);
    assertThat(cancel.getMessage())
        .contains("job " + job.id() + " on beta was submitted by vic, not sam")
        .contains("only its submitter or an admin may cancel it");
    assertThat(detach.getMessage()).contains("may detach it");
    assertThat(state(job)).isNotEqualTo(JobState.CANCELLED);
    var cancelled = admin.jobs().cancel(BUILD, new CancelRequest("#" + job.id()));
    assertThat(cancelled.job().state()).isEqualTo(JobState.CANCELLED);
  }
}
