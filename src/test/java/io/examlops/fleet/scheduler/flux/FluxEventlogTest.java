package io.examlops.fleet.scheduler.flux;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.examlops.fleet.scheduler.EndWatch;
import io.examlops.fleet.scheduler.ProbeException;
import io.examlops.fleet.transport.CommandResult;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A followed Flux job's eventlog, watched with {@code flux job wait-event}: the lines are flux-core
 * 0.88's own ({@code flux job info ID eventlog} of a job that exited 3, live-0.88/A-hwloc-test4/58,
 * the JSON form {@code --format=json} prints); the timeout and not-found messages are those of
 * flux-core 0.88's src/cmd/job/eventlog.c.
 */
class FluxEventlogTest {
  private static final String EXIT3 = LiveFlux.stdout("A-hwloc-test4/58-job-info-eventlog");
  private static final String COMMAND =
      FluxEventlog.waitCommand(FluxJobId.parse("ƒMz4uQyd"), Duration.ofMillis(14_250));

  @Test
  void theWatchWaitsForTheCleanEventOfTheJobInAsciiWithTheTimeoutInSeconds() {
    assertThat(COMMAND)
        .isEqualTo("flux job wait-event --format=json --verbose --timeout=14.250s fMz4uQyd clean");
  }

  @Test
  void everyEntryOfACapturedEventlogIsReadInOrder() {
    assertThat(FluxEventlog.names(COMMAND, EXIT3))
        .containsExactly(
            "submit",
            "validate",
            "depend",
            "priority",
            "alloc",
            "start",
            "memo",
            "finish",
            "release",
            "free",
            "clean");
  }

  @Test
  void aJobWhoseEventsReachCleanHasEnded() {
    assertThat(FluxEventlog.outcome(new CommandResult(COMMAND, 0, EXIT3, "", false)))
        .isEqualTo(EndWatch.ENDED);
  }

  @Test
  void aWatchThatTimesOutBeforeCleanIsQuiet() {
    String running = EXIT3.substring(0, EXIT3.indexOf("{\"timestamp\":1796108546.4886088"));
    CommandResult timedOut =
        new CommandResult(
            COMMAND, 1, running, "flux-job: wait-event timeout on event 'clean'\n", false);

    assertThat(FluxEventlog.names(COMMAND, running)).endsWith("start", "memo");
    assertThat(FluxEventlog.outcome(timedOut)).isEqualTo(EndWatch.QUIET);
  }

  @Test
  void anUnknownJobAFluxWithoutTheCommandOrOutputThatIsNoEventlogIsPolledInstead() {
    List<CommandResult> unwatchable =
        List.of(
            new CommandResult(COMMAND, 1, "", "flux-job: job fMz4uQyd not found\n", false),
            new CommandResult(
                COMMAND, 1, "", "flux: `job' is not a flux command.  See 'flux --help'\n", false),
            new CommandResult(COMMAND, 127, "", "bash: flux: command not found\n", false),
            new CommandResult(COMMAND, 0, "1796108546.495638 clean\n", "", false));

    assertThat(unwatchable)
        .allSatisfy(r -> assertThat(FluxEventlog.outcome(r)).isEqualTo(EndWatch.UNWATCHABLE));
  }

  @Test
  void aLineThatIsNotAnEntryIsNamedWithItsNumber() {
    assertThatThrownBy(() -> FluxEventlog.names(COMMAND, "\n{\"name\":\"clean\"}\n"))
        .isInstanceOf(ProbeException.class)
        .hasMessageContaining("line 2")
        .hasMessageContaining("needs a name and a timestamp");
  }
}
