package io.examlops.fleet.jobs;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** What one look at a job's output file passes on. */
class JobLogsTest {
  @Test
  void whileTheJobRunsOnlyCompleteLinesArePassedOn() {
    JobLogs.Chunk chunk = JobLogs.chunk("epoch 1\nepoch 2\nepo", false);
    assertThat(chunk.text()).isEqualTo("epoch 1\nepoch 2\n");
    assertThat(chunk.bytes()).isEqualTo(16);
    assertThat(chunk.full()).isFalse();
  }

  @Test
  void atTheEndEverythingIsPassedOnAndBytesCountUtf8() {
    JobLogs.Chunk chunk = JobLogs.chunk("loss ≈ 0.1\nlast", true);
    assertThat(chunk.text()).isEqualTo("loss ≈ 0.1\nlast");
    assertThat(chunk.bytes())
        .isEqualTo("loss ≈ 0.1\nlast".getBytes(java.nio.charset.StandardCharsets.UTF_8).length);
  }

  @Test
  void aHomePathStaysExpandableAndTheRestIsQuoted() {
    assertThat(io.examlops.fleet.transport.ShellQuote.path("~/examlops-8.out"))
        .isEqualTo("~/examlops-8.out");
    assertThat(io.examlops.fleet.transport.ShellQuote.path("~/my jobs/x.out"))
        .isEqualTo("~/'my jobs/x.out'");
    assertThat(io.examlops.fleet.transport.ShellQuote.path("/data/mock jobs/output.log"))
        .isEqualTo("'/data/mock jobs/output.log'");
  }
}
