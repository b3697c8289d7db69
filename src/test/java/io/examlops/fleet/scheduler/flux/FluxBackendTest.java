package io.examlops.fleet.scheduler.flux;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.examlops.fleet.model.CancelOutcome;
import io.examlops.fleet.model.JobState;
import io.examlops.fleet.model.OutputPath;
import io.examlops.fleet.model.QueueEntry;
import io.examlops.fleet.model.TimeLimit;
import io.examlops.fleet.scheduler.BackendException;
import io.examlops.fleet.scheduler.JobSpec;
import io.examlops.fleet.scheduler.JobStatus;
import io.examlops.fleet.scheduler.SubmitReply;
import io.examlops.fleet.testing.Fixtures;
import io.examlops.fleet.transport.ScriptedRunner;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FluxBackendTest {
  private static final String SCRIPT = "#!/bin/sh\n# flux: --exclusive\nflux run hostname\n";
  private final FluxBackend flux = new FluxBackend();

  private static String fixture(String name) {
    return Fixtures.flux("jobs/" + name);
  }

  /** A line in the RECOMMENDED field order from the values of jobs-a-json.json (state C). */
  private static String line(
      String f58,
      String name,
      String status,
      double tRun,
      double tInactive,
      double runtime,
      String returncode,
      String nodelist) {
    return String.join(
        "|",
        FluxJobId.toDec(FluxJobId.parse(f58)),
        "root",
        "batch",
        status,
        "1",
        "1",
        Double.toString(tRun),
        Double.toString(tInactive),
        Double.toString(runtime),
        returncode,
        nodelist,
        "",
        name);
  }

  /**
   * A line in the TRACKING field order: a {@link #line} plus t_submit and the exception, from the
   * same values of jobs-a-json.json.
   */
  private static String tracking(String line, double tSubmit, String type, String note) {
    String[] f = line.split("\\|", -1);
    return String.join(
        "|",
        f[0],
        f[1],
        f[2],
        f[3],
        f[4],
        f[5],
        Double.toString(tSubmit),
        f[6],
        f[7],
        f[8],
        f[9],
        f[10],
        f[11],
        f[12],
        type,
        note);
  }

  @Test
  void submitPipesTheScriptAndAsksForOneSlotPerNodeWithItsShareOfGpus() {
    ScriptedRunner runner =
        new ScriptedRunner().answer("cd ~ && flux batch", fixture("batch-debug.txt"));
    JobSpec request =
        new JobSpec(
            SCRIPT,
            "train",
            8,
            2,
            "batch",
            TimeLimit.parseOrNull("1.5h"),
            "physics",
            Map.of("EXAMLOPS_TOKEN", "s3cr et"),
            null,
            null);

    SubmitReply result = flux.submit(runner, request);

    assertThat(result.accepted()).isTrue();
    assertThat(result.jobId()).isEqualTo("fCo7qbHy");
    assertThat(runner.commands())
        .containsExactly(
            "cd ~ && flux batch --job-name=train --queue=batch --nodes=2 --nslots=2"
                + " --gpus-per-slot=4 --time-limit=5400s --setattr=system.bank=physics"
                + " '--output=examlops-{{id.dec}}.out'");
    assertThat(runner.inputs().get(0))
        .isEqualTo(
            "#!/bin/sh\n# flux: --exclusive\nexport EXAMLOPS_TOKEN='s3cr et'\nflux run hostname\n");
  }

  @Test
  void anOutputPathGetsFluxsDecimalIdTemplateAndIsReadBackByTheDecimalId() {
    ScriptedRunner runner =
        new ScriptedRunner()
            .answer("test -d", "")
            .answer("cd ~ && flux batch", fixture("batch-debug.txt"));
    JobSpec request =
        JobSpec.of(SCRIPT, "train", 0).withOutput(OutputPath.of("/scratch/%x/run-%j-50%%.out"));

    flux.submit(runner, request);

    assertThat(runner.commands().get(0))
        .isEqualTo("test -d /scratch/train && test -w /scratch/train");
    assertThat(runner.commands().get(1))
        .endsWith(" '--output=/scratch/train/run-{{id.dec}}-50%.out'");
    assertThat(flux.outputFile("fCo7qbHy", request.output()))
        .isEqualTo(
            "/scratch/train/run-" + FluxJobId.toDec(FluxJobId.parse("fCo7qbHy")) + "-50%.out");
  }

  @Test
  void anAsciiIdIsReadToo() {
    ScriptedRunner runner =
        new ScriptedRunner().answer("cd ~ && flux batch", fixture("submit-ascii-C.txt"));
    assertThat(flux.submit(runner, JobSpec.of(SCRIPT, "a", 0)).jobId()).isEqualTo("fD54ws99");
    assertThat(runner.commands().get(0))
        .doesNotContain("--gpus-per-slot")
        .doesNotContain("--queue");
  }

  @Test
  void rejectionsCarryFluxsOwnWords() {
    ScriptedRunner runner =
        new ScriptedRunner()
            .answer("cd ~ && flux batch", 1, "", fixture("submit-badqueue.stderr.txt"));
    SubmitReply result = flux.submit(runner, JobSpec.of(SCRIPT, "a", 0));
    assertThat(result.accepted()).isFalse();
    assertThat(result.message()).isEqualTo("[Errno 1] Invalid queue 'nosuch' specified");
  }

  @Test
  void queueListsAllUsersActiveJobs() {
    String out =
        line(
                "ƒCfjPArK",
                "excl",
                "RUN",
                1795974872.9834058,
                0.0,
                39.568928956985474,
                "",
                "node[03-04]")
            + "\n";
    ScriptedRunner runner =
        new ScriptedRunner().answer(FluxJobsFormat.RECOMMENDED.command("-A"), out);
    List<QueueEntry> queue = flux.queue(runner);
    assertThat(queue).extracting(QueueEntry::id).containsExactly("fCfjPArK");
    assertThat(queue.get(0).gpus()).as("unknown without R, never 0").isNull();
  }

  @Test
  void trackReadsFluxJobsForTheIdsThenRForGpus() {
    String out =
        tracking(
                line(
                    "ƒCfjPArK",
                    "excl",
                    "RUN",
                    1795974872.9834058,
                    0.0,
                    39.568928956985474,
                    "",
                    "node[03-04]"),
                1795974872.9531894,
                "",
                "")
            + "\n"
            + tracking(
                line(
                    "ƒCWNmhi7",
                    "tocancel",
                    "CANCELED",
                    1795974872.6136196,
                    1795974872.7277722,
                    0.10419774055480957,
                    "143",
                    "node02"),
                1795974872.5871122,
                "cancel",
                "")
            + "\n";
    String jobs = FluxJobsFormat.TRACKING.command("fCfjPArK", "fCWNmhi7", "fCNxqHz7");
    ScriptedRunner runner =
        new ScriptedRunner()
            .answer(jobs, 1, out, "flux-jobs: ERROR: JobID fCNxqHz7 unknown\n")
            .answer("flux job info fCfjPArK R", fixture("job-info-R-E.json"))
            .answer(
                "flux job info fCWNmhi7 R",
                "{\"version\": 1, \"execution\": {\"R_lite\":"
                    + " [{\"rank\": \"1\", \"children\": {\"core\": \"0\"}}]}}");

    Map<String, JobStatus> status = flux.track(runner, List.of("ƒCfjPArK", "fCWNmhi7", "fCNxqHz7"));

    assertThat(status.keySet()).containsExactly("ƒCfjPArK", "fCWNmhi7", "fCNxqHz7");
    JobStatus running = status.get("ƒCfjPArK");
    assertThat(running.source()).isEqualTo(JobStatus.Source.QUEUE);
    assertThat(running.state()).isEqualTo(JobState.RUNNING);
    assertThat(running.job().gpus()).isEqualTo(8);
    JobStatus cancelled = status.get("fCWNmhi7");
    assertThat(cancelled.source()).isEqualTo(JobStatus.Source.ACCOUNTING);
    assertThat(cancelled.state()).isEqualTo(JobState.CANCELLED);
    assertThat(cancelled.job().gpus()).isZero();
    assertThat(cancelled.job().gpuHours()).isEqualByComparingTo(BigDecimal.ZERO);
    assertThat(cancelled.note()).isEqualTo("cancel exception");
    assertThat(cancelled.submitted())
        .isBetween(
            Instant.ofEpochSecond(1795974872L, 587_000_000),
            Instant.ofEpochSecond(1795974872L, 588_000_000));
    assertThat(running.note()).isNull();
    assertThat(status.get("fCNxqHz7").source()).isEqualTo(JobStatus.Source.NOT_FOUND);
    assertThat(runner.commands())
        .containsExactly(jobs, "flux job info fCfjPArK R", "flux job info fCWNmhi7 R");
  }

  @Test
  void aFailingFluxJobsIsAnError() {
    ScriptedRunner runner =
        new ScriptedRunner()
            .answer("flux jobs", 1, "", "flux-jobs: ERROR: Unable to connect to Flux\n");
    assertThatThrownBy(() -> flux.track(runner, List.of("fCfjPArK")))
        .isInstanceOf(BackendException.class)
        .hasMessageContaining("Unable to connect to Flux");
  }

  @Test
  void cancelReadsFluxCancelsMessages() {
    ScriptedRunner runner =
        new ScriptedRunner()
            .answer("flux cancel fCfjPArK", "")
            .answer(
                "flux cancel fCWNmhi7", 1, "", "flux-cancel: ERROR: fCWNmhi7: job is inactive\n")
            .answer("flux cancel fCNxqHz7", 1, "", "flux-cancel: ERROR: fCNxqHz7: unknown job id\n")
            .answer(
                "flux cancel fCK6yAS3",
                1,
                "",
                "flux-cancel: ERROR: fCK6yAS3: guests can only raise exceptions on their own"
                    + " jobs\n");
    assertThat(flux.cancel(runner, "ƒCfjPArK").outcome()).isEqualTo(CancelOutcome.REQUESTED);
    assertThat(flux.cancel(runner, "fCWNmhi7").outcome()).isEqualTo(CancelOutcome.ALREADY_ENDED);
    assertThat(flux.cancel(runner, "fCNxqHz7").outcome()).isEqualTo(CancelOutcome.NOT_FOUND);
    assertThat(flux.cancel(runner, "fCK6yAS3").outcome())
        .isEqualTo(CancelOutcome.PERMISSION_DENIED);
    assertThatThrownBy(() -> flux.cancel(runner, "x; reboot"))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
