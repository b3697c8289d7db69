package io.examlops.fleet.scheduler.flux;

import static org.assertj.core.api.Assertions.assertThat;

import io.examlops.fleet.model.JobState;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What tracking learns from {@code flux jobs} beyond the state, on live flux-core 0.88 captures:
 * Flux's t_submit, its own reasons (exception type and note, the pending context) and the
 * returncode -128 of a job cancelled before it started.
 */
class FluxJobReportsTest {
  private static final String B = "B-gpu-queues-test5/74b-jobs-a-custom";
  private static final String A_UNSAT = "A-hwloc-test4/75-jobs-a-unsat";
  private static final String A_PENDING = "A-hwloc-test4/72-jobs-pending-recommended";

  private static FluxJobReport job(String capture, String f58, boolean header) {
    List<FluxJobReport> reports =
        FluxJobsParser.reports(
            LiveFlux.jobsFormat(capture),
            header ? LiveFlux.withoutHeader(capture) : LiveFlux.stdout(capture));
    long id = FluxJobId.parse(f58);
    return reports.stream()
        .filter(r -> FluxJobId.parse(r.job().id()) == id)
        .findFirst()
        .orElseThrow();
  }

  @Test
  void aJobCancelledBeforeItStartedNeitherExitedNorWasSignalled() {
    FluxJobReport want4 = job(B, "ƒ37YDi2yd", true);

    assertThat(want4.job().state()).isEqualTo(JobState.CANCELLED);
    assertThat(want4.job().exitCode()).isNull();
    assertThat(want4.job().signal()).as("-128 is not signal 128").isNull();
    assertThat(want4.reason()).isEqualTo("cancel exception");
  }

  @Test
  void flux_sOwnExceptionNotesAreTheReason() {
    assertThat(job(B, "ƒQZ97CUf", true).reason())
        .isEqualTo("exec exception: node failure on node03 (rank 2)");
    assertThat(job(B, "ƒxiLRdxj", true).reason())
        .isEqualTo("timeout exception: resource allocation expired");
    assertThat(job(A_UNSAT, "ƒdR6DqTm", true).reason())
        .isEqualTo(
            "alloc exception: unsatisfiable request: need 1 exclusive node(s), only 0 eligible");
    assertThat(job(B, "ƒtm12jaw", true).reason()).as("exit 3 is no exception").isNull();
    assertThat(job(B, "ƒtm12jaw", true).job().exitCode()).isEqualTo(3);
  }

  @Test
  void thePendingContextIsTheReasonOfAWaitingJob() {
    assertThat(job(A_PENDING, "1380865540096", false).reason()).isEqualTo("held");
    assertThat(job(A_PENDING, "1380865540096", false).job().state()).isEqualTo(JobState.PENDING);
    assertThat(job(A_PENDING, "1375211618304", false).reason()).as("running").isNull();
  }

  @Test
  void submittedIsFlux_sTSubmitAndTheQueueIsNamedForTheDefaultQueue() {
    FluxJobReport exit3 = job(B, "ƒtm12jaw", true);

    assertThat(exit3.submitted())
        .isBetween(
            Instant.ofEpochSecond(1796108794L, 691_000_000),
            Instant.ofEpochSecond(1796108794L, 692_000_000));
    assertThat(exit3.submitted()).isBefore(exit3.job().start());
    assertThat(exit3.job().partition()).isEqualTo("gpu");
  }

  @Test
  void theTrackingFormatEndsWithTheOnlyFreeTextThatIsNotOurs() {
    List<String> fields = FluxJobsFormat.TRACKING.fields();

    assertThat(fields.get(fields.size() - 1)).isEqualTo("exception.note");
    assertThat(fields).contains("t_submit", "exception.type", "contextual_info", "queue");
  }
}
