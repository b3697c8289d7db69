package io.examlops.fleet.scheduler.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import io.examlops.fleet.scheduler.PreflightAsk;
import io.examlops.fleet.scheduler.StartEstimate;
import io.examlops.fleet.scheduler.StartEstimate.Kind;
import io.examlops.fleet.testing.Fixtures;
import io.examlops.fleet.transport.CommandResult;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * {@code sbatch --test-only} as Slurm 25.11.7 (fixtures/slurm/v25.11) and Debian's 22.05.8
 * (fixtures/slurm/preflight) answered it, each capture beginning with the cluster's clock.
 */
class SlurmStartEstimatorTest {

  private static StartEstimate read(String fixture, int exitCode) {
    return SlurmStartEstimator.parse(
        new CommandResult("sbatch --test-only", exitCode, Fixtures.slurm(fixture), "", false));
  }

  @Test
  void theCommandAsksWhatSubmitWouldAskAndReadsTheClusterClockFirst() {
    assertThat(
            SlurmStartEstimator.command(
                new PreflightAsk(2, 1, "gpu", "ml", Duration.ofMinutes(90)), "gpu"))
        .isEqualTo(
            "date -u +%Y-%m-%dT%H:%M:%S && TZ=UTC SLURM_TIME_FORMAT=standard sbatch --test-only"
                + " -J examlops-estimate -p gpu -A ml -N 1 --gres=gpu:2 -t 01:30:00 --wrap=true"
                + " 2>&1");
    assertThat(SlurmStartEstimator.command(PreflightAsk.gpus(8), null))
        .as("no node count: the GPUs in all, on as many nodes as Slurm likes")
        .endsWith("sbatch --test-only -J examlops-estimate --gpus=8 --wrap=true 2>&1");
  }

  @Test
  void anIdleNodeStartsTheJobNow() {
    StartEstimate now = read("v25.11/sbatch-test-only.idle.out", 0);

    assertThat(now.kind()).isEqualTo(Kind.NOW);
    assertThat(now.nodes()).isEqualTo("g1");
    assertThat(now.partition()).isEqualTo("gpu");
    assertThat(now.describe("slurm"))
        .isEqualTo("slurm would start it now on g1 in partition gpu (`sbatch --test-only`)");
  }

  @Test
  void jobsAheadMakeItStartLaterEvenThoughTheCountsLookIdle() {
    // Job 21 held 2 of g1's 4 GPUs and all its memory, job 22 waited behind it (Resources).
    StartEstimate later = read("v25.11/sbatch-test-only.busy.out", 0);

    assertThat(later.kind()).isEqualTo(Kind.LATER);
    assertThat(later.start()).isEqualTo(Instant.parse("2026-12-02T07:49:13Z"));
    assertThat(later.describe("slurm"))
        .startsWith(
            "slurm expects it to start at 2026-12-02 07:49:13 UTC on g1 in partition gpu"
                + " (`sbatch --test-only`), not now");
  }

  @Test
  void slurm2205SaysTheSameWithoutTheStrayWord() {
    assertThat(read("preflight/sbatch-test-only.fits.out", 0).kind()).isEqualTo(Kind.NOW);
    assertThat(read("preflight/sbatch-test-only.gpus.out", 0).kind()).isEqualTo(Kind.NOW);
    StartEstimate waits = read("preflight/sbatch-test-only.waits.out", 0);
    assertThat(waits.kind()).isEqualTo(Kind.LATER);
    assertThat(waits.start()).isEqualTo(Instant.parse("2026-12-02T08:43:46Z"));
    assertThat(waits.nodes()).isEqualTo("g1");
    assertThat(read("preflight/sbatch-test-only.too-many.out", 1).kind()).isEqualTo(Kind.REFUSED);
    assertThat(read("preflight/sbatch-test-only.no-partition.out", 1).words())
        .isEqualTo("invalid partition specified: nope");
  }

  @Test
  void whatSlurmWouldRefuseIsARefusalInItsOwnWords() {
    assertThat(read("v25.11/sbatch-test-only.too-many.out", 1))
        .extracting(StartEstimate::kind, StartEstimate::words)
        .containsExactly(Kind.REFUSED, "Requested node configuration is not available");
    assertThat(read("v25.11/sbatch-test-only.no-partition.out", 1).words())
        .isEqualTo("invalid partition specified: nope");
  }

  @Test
  void anAnswerThatCannotBeReadIsUnavailableNeverNow() {
    assertThat(
            SlurmStartEstimator.parse(
                    new CommandResult(
                        "x", 0, "2026-12-02T07:43:08\nsbatch: something new\n", "", false))
                .kind())
        .isEqualTo(Kind.UNAVAILABLE);
    assertThat(
            SlurmStartEstimator.parse(new CommandResult("x", 0, "Wed Dec 2\n", "", false)).words())
        .contains("the cluster's clock could not be read");
    assertThat(
            SlurmStartEstimator.parse(
                    new CommandResult("x", 127, "", "sh: 1: sbatch: not found", false))
                .words())
        .isEqualTo("sbatch is not on the login node's PATH");
  }

  @Test
  void aStartWithinTheClockSlackOfTheAskIsNowAndBeyondItLater() {
    Instant asked = Instant.parse("2026-12-02T07:00:00Z");
    assertThat(
            StartEstimate.at(asked.plus(StartEstimate.NOW_WITHIN), asked, "g1", "gpu", "x").kind())
        .isEqualTo(Kind.NOW);
    assertThat(
            StartEstimate.at(
                    asked.plus(StartEstimate.NOW_WITHIN).plusSeconds(1), asked, "g1", "gpu", "x")
                .kind())
        .isEqualTo(Kind.LATER);
  }
}
