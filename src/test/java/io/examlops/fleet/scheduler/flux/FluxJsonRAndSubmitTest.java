package io.examlops.fleet.scheduler.flux;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.examlops.fleet.model.JobAccounting;
import io.examlops.fleet.model.JobState;
import io.examlops.fleet.model.QueueEntry;
import io.examlops.fleet.scheduler.ProbeException;
import io.examlops.fleet.scheduler.SubmitReply;
import io.examlops.fleet.testing.Fixtures;
import io.examlops.fleet.transport.CommandResult;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class FluxJsonRAndSubmitTest {
  private static QueueEntry byId(List<QueueEntry> q, String id) {
    return q.stream().filter(e -> e.id().equals(id)).findFirst().orElseThrow();
  }

  @Test
  void jsonListGivesQueueEntriesWithWaitingReasons() {
    List<QueueEntry> q =
        FluxJobsJsonParser.queue("flux jobs -a --json", Fixtures.flux("jobs/jobs-a-json.json"));
    assertThat(q).hasSize(13);
    assertThat(byId(q, "fCsA5dpT").reason()).isEqualTo("held");
    assertThat(byId(q, "fCzmswoD").reason()).isEqualTo("depends:after-success=\u0192CcJiq67");
    assertThat(byId(q, "fCvnbsqR").nodes()).isEqualTo(4);
    assertThat(byId(q, "fCvnbsqR").cpus()).isNull();
    QueueEntry gpu = byId(q, "fCcJiq67");
    assertThat(gpu.state()).isEqualTo(JobState.RUNNING);
    assertThat(gpu.nodeList()).isEqualTo("node02");
    assertThat(gpu.elapsed()).isEqualTo(Duration.ofNanos(39_708_233_118L));
  }

  @Test
  void jsonAccountingOfInactiveJobs() {
    List<JobAccounting> r =
        FluxJobsJsonParser.accounting(
            "flux jobs -a --json", Fixtures.flux("jobs/jobs-a-json.json"));
    JobAccounting timeout =
        r.stream().filter(j -> j.id().equals("fCSrBQpX")).findFirst().orElseThrow();
    assertThat(timeout.state()).isEqualTo(JobState.TIMEOUT);
    assertThat(timeout.exitCode()).isEqualTo(142);
    assertThat(timeout.end()).isNotNull();
    // no GPU figure in flux jobs: unknown until R is merged in
    assertThat(timeout.gpus()).isNull();
    assertThat(timeout.gpuHours()).isNull();
  }

  @Test
  void singleJobIsABareObject() {
    List<QueueEntry> q =
        FluxJobsJsonParser.queue(
            "flux jobs --json \u0192CfjPArK", Fixtures.flux("jobs/jobs-single-json-E.json"));
    assertThat(q).singleElement().satisfies(e -> assertThat(e.id()).isEqualTo("fCfjPArK"));
  }

  @Test
  void asciiLocaleAndEmptyLists() {
    List<QueueEntry> q =
        FluxJobsJsonParser.queue(
            "LC_ALL=C flux jobs --json", Fixtures.flux("jobs/cpu-mixed_LC_ALL_C_jobs-json.json"));
    assertThat(q).extracting(QueueEntry::id).containsExactly("f3TZ9we7", "f3PZssgK");
    assertThat(q.get(0).partition()).isNull();
    assertThat(
            FluxJobsJsonParser.queue(
                "flux jobs -a --json", Fixtures.flux("jobs/cpu-idle_jobs-a-json-empty.json")))
        .isEmpty();
  }

  @Test
  void idsBeyondDoublePrecisionStayExact() {
    String json = "{\"id\": 18446744073709551615, \"status\": \"RUN\", \"runtime\": 1.5}";
    assertThat(FluxJobsJsonParser.queue("flux jobs --json x", json).get(0).id())
        .isEqualTo(FluxJobId.toF58Plain(-1L));
    String nearDouble = "{\"id\": 9007199254740993, \"status\": \"RUN\"}";
    assertThat(FluxJobsJsonParser.queue("flux jobs --json x", nearDouble).get(0).id())
        .isEqualTo(FluxJobId.toF58Plain(9007199254740993L));
  }

  @Test
  void badJsonSaysWhere() {
    assertThatThrownBy(() -> FluxJobsJsonParser.queue("flux jobs --json", "{\"jobs\": [\n{oops"))
        .isInstanceOf(ProbeException.class)
        .hasMessageContaining("flux jobs --json")
        .hasMessageContaining("line 2");
    assertThatThrownBy(() -> FluxJobsJsonParser.queue("flux jobs --json", "{\"jobs\": [{}]}"))
        .isInstanceOf(ProbeException.class)
        .hasMessageContaining("job 1");
  }

  /**
   * Found by FluxJobsFuzzTest#jobsJson: an exponent Jackson cannot hold threw NumberFormatException
   * out of the parser, and huge or tiny seconds took longer than the 10 s timeout to convert.
   */
  @Test
  void numbersOutOfRangeNameTheCommand() {
    for (String json :
        List.of(
            "{\"id\": 451676209152, \"t_run\": 671e-9999999992}",
            "{\"id\": 451676209152, \"runtime\": 1e300}",
            "{\"id\": 451676209152, \"t_run\": 1e300}")) {
      assertThatThrownBy(() -> FluxJobsJsonParser.queue("flux jobs --json", json))
          .as(json)
          .isInstanceOf(ProbeException.class)
          .hasMessageContaining("flux jobs --json");
    }
  }

  @Test
  void gpusFromRAndGpuHours() {
    int gpus = FluxR.gpus("flux job info fCfjPArK R", Fixtures.flux("jobs/job-info-R-E.json"));
    assertThat(gpus).isEqualTo(8);
    JobAccounting excl =
        FluxJobsJsonParser.accounting(
                "flux jobs --json", Fixtures.flux("jobs/jobs-single-json-E.json"))
            .get(0)
            .withGpus(gpus);
    // runtime 117.12175130844116 s on 8 GPUs
    assertThat(excl.gpuHours()).isEqualByComparingTo(new BigDecimal("0.260271"));
    assertThat(FluxR.command(FluxJobId.parse("\u0192CfjPArK")))
        .isEqualTo("flux job info fCfjPArK R");
  }

  @Test
  void rWithoutGpusAndBrokenR() {
    String cpuOnly =
        "{\"version\":1,\"execution\":{\"R_lite\":[{\"rank\":\"0-1\",\"children\":{\"core\":"
            + "\"0-3\"}},{\"rank\":\"4\",\"children\":{\"core\":\"0\",\"gpu\":\"0-1\"}}]}}";
    assertThat(FluxR.gpus("R", cpuOnly)).isEqualTo(2);
    assertThatThrownBy(() -> FluxR.gpus("flux job info x R", "{\"version\":1}"))
        .isInstanceOf(ProbeException.class)
        .hasMessageContaining("execution");
    assertThatThrownBy(
            () -> FluxR.gpus("flux job info x R", "{\"version\":1,\"execution\":{\"R_lite\":[]}}"))
        .isInstanceOf(ProbeException.class)
        .hasMessageContaining("no ranks in execution.R_lite");
  }

  private static CommandResult result(int exit, String out, String err) {
    return new CommandResult("flux submit ...", exit, out, err, false);
  }

  @Test
  void submitOutputs() {
    SubmitReply batch =
        FluxSubmitParser.parse(result(0, Fixtures.flux("jobs/batch-debug.txt"), ""));
    assertThat(batch.accepted()).isTrue();
    assertThat(batch.jobId()).isEqualTo("fCo7qbHy");

    SubmitReply cc = FluxSubmitParser.parse(result(0, Fixtures.flux("jobs/submit-cc.txt"), ""));
    assertThat(cc.jobIds()).containsExactly("f23Bbt3LK", "f23Bbt3LL", "f23Bbt3LM");

    SubmitReply ascii =
        FluxSubmitParser.parse(result(0, Fixtures.flux("jobs/submit-ascii-C.txt"), ""));
    assertThat(ascii.jobId()).isEqualTo("fD54ws99");

    // --wait passes the job's own exit status through; the submission itself succeeded
    assertThat(FluxSubmitParser.parse(result(3, "\u019223ZcMNyD\n", "")).accepted()).isTrue();
  }

  @Test
  void submitErrorsPassFluxsWordsOn() {
    SubmitReply queue =
        FluxSubmitParser.parse(result(1, "", Fixtures.flux("jobs/submit-badqueue.stderr.txt")));
    assertThat(queue.accepted()).isFalse();
    assertThat(queue.message()).isEqualTo("[Errno 1] Invalid queue 'nosuch' specified");

    SubmitReply script =
        FluxSubmitParser.parse(result(1, "", Fixtures.flux("jobs/batch-noscript-err.stderr.txt")));
    assertThat(script.message()).startsWith("flux-batch: ERROR: No such file or directory");

    assertThatThrownBy(() -> FluxSubmitParser.parse(result(0, "hello world\n", "")))
        .isInstanceOf(ProbeException.class)
        .hasMessageContaining("line 1");
  }
}
