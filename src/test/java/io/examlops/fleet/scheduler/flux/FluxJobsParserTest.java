package io.examlops.fleet.scheduler.flux;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.examlops.fleet.model.JobAccounting;
import io.examlops.fleet.model.JobState;
import io.examlops.fleet.model.QueueEntry;
import io.examlops.fleet.scheduler.ProbeException;
import io.examlops.fleet.testing.Fixtures;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class FluxJobsParserTest {
  /** The field list of jobs-a-fmt-custom.txt, as captured. */
  private static final FluxJobsFormat CUSTOM =
      new FluxJobsFormat(
          List.of(
              "id",
              "id.f58",
              "id.f58plain",
              "id.dec",
              "id.hex",
              "id.dothex",
              "id.words",
              "name",
              "username",
              "userid",
              "queue",
              "status",
              "status_abbrev",
              "state",
              "state_single",
              "result",
              "result_abbrev",
              "nnodes",
              "ntasks",
              "ncores",
              "nodelist",
              "ranks",
              "returncode",
              "waitstatus",
              "exception.type",
              "exception.note"));

  /** jobs-a-fmt-times.txt: {id.f58}|{t_submit}|{t_run}|{t_inactive}|... */
  private static final FluxJobsFormat TIMES =
      new FluxJobsFormat(
          List.of(
              "id.f58",
              "t_submit",
              "t_run",
              "t_inactive",
              "t_submit!D",
              "t_run!D",
              "runtime",
              "runtime!F",
              "runtime!H",
              "duration",
              "duration!F",
              "expiration",
              "t_remaining!F",
              "contextual_time!F",
              "contextual_info",
              "inactive_reason"));

  private static <T> T byId(List<T> items, java.util.function.Function<T, String> id, String f58) {
    return items.stream().filter(e -> id.apply(e).equals(f58)).findFirst().orElseThrow();
  }

  @Test
  void customListingGivesQueueEntries() {
    List<QueueEntry> q = FluxJobsParser.queue(CUSTOM, Fixtures.flux("jobs/jobs-a-fmt-custom.txt"));
    assertThat(q).hasSize(13);

    QueueEntry excl = byId(q, QueueEntry::id, "fCfjPArK");
    assertThat(excl.scheduler()).isEqualTo(FluxAdapter.KIND);
    assertThat(excl.name()).isEqualTo("excl");
    assertThat(excl.user()).isEqualTo("root");
    assertThat(excl.partition()).isEqualTo("batch");
    assertThat(excl.state()).isEqualTo(JobState.RUNNING);
    assertThat(excl.nodes()).isEqualTo(2);
    assertThat(excl.cpus()).isEqualTo(32);
    assertThat(excl.nodeList()).isEqualTo("node[03-04]");
    assertThat(excl.gpus()).isNull();

    QueueEntry toobig = byId(q, QueueEntry::id, "fCvnbsqR");
    assertThat(toobig.state()).isEqualTo(JobState.PENDING);
    assertThat(toobig.rawState()).isEqualTo("SCHED");
    assertThat(toobig.nodes()).isEqualTo(4);
    assertThat(toobig.cpus()).isNull();
    assertThat(toobig.nodeList()).isNull();

    assertThat(byId(q, QueueEntry::id, "fCzmswoD").state()).isEqualTo(JobState.PENDING);
    assertThat(byId(q, QueueEntry::id, "fCSrBQpX").state()).isEqualTo(JobState.TIMEOUT);
    assertThat(byId(q, QueueEntry::id, "fCWNmhi7").state()).isEqualTo(JobState.CANCELLED);
    assertThat(byId(q, QueueEntry::id, "fCNxqHz7").state()).isEqualTo(JobState.FAILED);
    assertThat(byId(q, QueueEntry::id, "fCK6yAS3").state()).isEqualTo(JobState.COMPLETED);
  }

  @Test
  void customListingGivesExitCodes() {
    List<JobAccounting> r =
        FluxJobsParser.accounting(CUSTOM, Fixtures.flux("jobs/jobs-a-fmt-custom.txt"));
    assertThat(byId(r, JobAccounting::id, "fCNxqHz7").exitCode()).isEqualTo(1);
    assertThat(byId(r, JobAccounting::id, "fCK6yAS3").exitCode()).isZero();
    assertThat(byId(r, JobAccounting::id, "fCSrBQpX").exitCode()).isEqualTo(142);
    assertThat(byId(r, JobAccounting::id, "fCvnbsqR").exitCode()).isNull();
  }

  @Test
  void timesListingGivesEpochTimesAndRuntime() {
    List<JobAccounting> r =
        FluxJobsParser.accounting(TIMES, Fixtures.flux("jobs/jobs-a-fmt-times.txt"));
    JobAccounting timeout = byId(r, JobAccounting::id, "fCSrBQpX");
    assertThat(timeout.start()).isEqualTo(Instant.parse("2026-11-29T17:54:32.479809800Z"));
    assertThat(timeout.end()).isEqualTo(Instant.parse("2026-11-29T17:54:34.481874700Z"));
    assertThat(timeout.elapsed()).isEqualTo(Duration.ofNanos(1_995_277_643L));
    JobAccounting pending = byId(r, JobAccounting::id, "fCvnbsqR");
    assertThat(pending.start()).isNull();
    assertThat(pending.end()).isNull();
    assertThat(pending.elapsed()).isEqualTo(Duration.ZERO);
    // no state field in this listing: unknown, never guessed
    assertThat(pending.state()).isEqualTo(JobState.UNKNOWN);
  }

  @Test
  void listingWithoutAStateFieldGivesUnknownStates() {
    List<QueueEntry> q = FluxJobsParser.queue(TIMES, Fixtures.flux("jobs/jobs-a-fmt-times.txt"));
    assertThat(q).allMatch(e -> e.state() == JobState.UNKNOWN);
  }

  @Test
  void recommendedFormatKeepsBarsInNamesAndShowsWhyJobsWait() {
    // Constructed in the RECOMMENDED field order from values of jobs-a-json.json.
    String out =
        String.join(
            "\n",
            "451676209152|root|batch|SCHED||1|0.0|0.0|0.0|||held|held",
            "441928646656|root|batch|RUN|1|1|1795974872.8441517|0.0|39.70823311805725||node02"
                + "|node02|gpu|job",
            "435721076736|root|batch|TIMEOUT|1|1|1795974872.4798098|1795974874.4818747"
                + "|1.9952776432037354|142|node01|node01|sleep ",
            "");
    List<QueueEntry> q = FluxJobsParser.queue(FluxJobsFormat.RECOMMENDED, out);
    assertThat(q.get(0).id()).isEqualTo("fCsA5dpT");
    assertThat(q.get(0).reason()).isEqualTo("held");
    assertThat(q.get(1).name()).isEqualTo("gpu|job");
    assertThat(q.get(1).reason()).isNull();
    assertThat(q.get(1).elapsed()).isEqualTo(Duration.ofNanos(39_708_233_118L));
    JobAccounting timeout = FluxJobsParser.accounting(FluxJobsFormat.RECOMMENDED, out).get(2);
    assertThat(timeout.state()).isEqualTo(JobState.TIMEOUT);
    assertThat(timeout.exitCode()).isEqualTo(142);
    assertThat(timeout.name()).isEqualTo("sleep");
  }

  @Test
  void negativeReturnCodeIsASignal() {
    String out = "435721076736|root|batch|CANCELED|1|1|1795974872.4|1795974874.4|2.0|-9|n1|n1|x";
    JobAccounting job = FluxJobsParser.accounting(FluxJobsFormat.RECOMMENDED, out).get(0);
    assertThat(job.exitCode()).isNull();
    assertThat(job.signal()).isEqualTo(9);
  }

  @Test
  void recommendedCommand() {
    assertThat(FluxJobsFormat.RECOMMENDED.command("-a", "-A"))
        .isEqualTo(
            "flux jobs -n -a -A -o '{id.dec}|{username}|{queue}|{status}|{nnodes}|{ncores}|"
                + "{t_run}|{t_inactive}|{runtime}|{returncode}|{nodelist}|{contextual_info}|"
                + "{name}'");
  }

  @Test
  void garbageNamesCommandAndLine() {
    String out = "451676209152|root|batch|SCHED||1|0.0|0.0|0.0|||held|held\nnonsense\n";
    assertThatThrownBy(() -> FluxJobsParser.queue(FluxJobsFormat.RECOMMENDED, out))
        .isInstanceOf(ProbeException.class)
        .hasMessageContaining("line 2")
        .hasMessageContaining("flux jobs -n");
    String badTime = "451676209152|root|batch|RUN|1|1|Nov29|0.0|1.0||n1|n1|x\n";
    assertThatThrownBy(() -> FluxJobsParser.queue(FluxJobsFormat.RECOMMENDED, badTime))
        .isInstanceOf(ProbeException.class)
        .hasMessageContaining("line 1")
        .hasMessageContaining("'Nov29'");
  }

  /**
   * Found by FluxJobsFuzzTest#jobsText (a runtime of 9e9999999 took 43 s, then read as garbage):
   * seconds beyond what a Duration or an Instant holds name the line.
   */
  @ParameterizedTest
  @ValueSource(strings = {"1e400", "9223372037", "-9223372037", "9e9999999"})
  void secondsOutOfRangeNameTheLine(String seconds) {
    String runtime = "451676209152|root|batch|RUN|1|1|0.0|0.0|" + seconds + "||n1|n1|x\n";
    String started = "451676209152|root|batch|RUN|1|1|" + seconds + "|0.0|1.0||n1|n1|x\n";
    for (String out : List.of(runtime, started)) {
      assertThatThrownBy(() -> FluxJobsParser.queue(FluxJobsFormat.RECOMMENDED, out))
          .isInstanceOf(ProbeException.class)
          .hasMessageContaining("line 1")
          .hasMessageContaining("'" + seconds + "'");
    }
  }
}
