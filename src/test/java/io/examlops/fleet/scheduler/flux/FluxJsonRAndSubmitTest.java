package io.examlops.fleet.scheduler.flux;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.examlops.fleet.model.JobAccounting;
import io.examlops.fleet.model.JobState;
import io.examlops.fleet.scheduler.ProbeException;
import io.examlops.fleet.scheduler.SubmitReply;
import io.examlops.fleet.testing.Fixtures;
import io.examlops.fleet.transport.CommandResult;
import java.math.BigDecimal;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class FluxJsonRAndSubmitTest {
  /** Job fCfjPArK of fixture set E as Flux's accounting reads it: no GPU figure until R's. */
  private static JobAccounting ranFor(Duration runtime) {
    return new JobAccounting(
        FluxAdapter.KIND,
        "fCfjPArK",
        "excl",
        "flux",
        null,
        null,
        JobState.COMPLETED,
        "CD",
        0,
        null,
        runtime,
        null,
        null,
        1,
        null,
        null);
  }

  @Test
  void gpusFromRAndGpuHours() {
    int gpus = FluxR.gpus("flux job info fCfjPArK R", Fixtures.flux("jobs/job-info-R-E.json"));
    assertThat(gpus).isEqualTo(8);
    JobAccounting excl = ranFor(Duration.ofNanos(117_121_751_308L)).withGpus(gpus);
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
