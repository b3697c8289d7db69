package io.examlops.fleet.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** A token's limits: checked when made, each refusal in one wording that names its rule. */
class TokenLimitsTest {
  private static final String CI = "'ci' (1a2b3c4d)";
  private static final TokenLimits ALL =
      new TokenLimits(
          Set.of("tc", "lxp"), Set.of("gpu"), 4, 2, new BigDecimal("10"), TokenLimits.Period.WEEK);

  @Test
  void noLimitsRefuseNothing() {
    assertThat(TokenLimits.NONE.limited()).isFalse();
    assertThat(TokenLimits.NONE.refusesCluster(CI, "any")).isEmpty();
    assertThat(TokenLimits.NONE.refusesPartition(CI, null)).isEmpty();
    assertThat(TokenLimits.NONE.refusesGpus(CI, 512)).isEmpty();
    assertThat(TokenLimits.NONE.refusesAnotherJob(CI, 10_000)).isEmpty();
    assertThat(TokenLimits.NONE.refusesHours(CI, new BigDecimal("1e9"), BigDecimal.ONE)).isEmpty();
    assertThat(TokenLimits.NONE.describe()).isEqualTo("none");
    assertThat(TokenLimits.NONE.left(3, BigDecimal.ONE)).isEmpty();
  }

  @Test
  void eachRuleRefusesInWordsThatNameIt() {
    assertThat(ALL.limited()).isTrue();
    assertThat(ALL.refusesCluster(CI, "tc")).isEmpty();
    assertThat(ALL.refusesCluster(CI, "other"))
        .hasValue(
            "token 'ci' (1a2b3c4d) may use clusters lxp, tc (rule clusters), not other: ask an"
                + " admin to change the token's limits, or use a token that allows it");
    assertThat(ALL.refusesPartition(CI, "gpu")).isEmpty();
    assertThat(ALL.refusesPartition(CI, null).orElseThrow())
        .contains("partitions gpu (rule partitions), not the cluster's default partition");
    assertThat(ALL.refusesGpus(CI, 4)).isEmpty();
    assertThat(ALL.refusesGpus(CI, 5).orElseThrow()).contains("(rule max-gpus-per-job), not 5");
    assertThat(ALL.refusesAnotherJob(CI, 1)).isEmpty();
    assertThat(ALL.refusesAnotherJob(CI, 2).orElseThrow())
        .contains("(rule max-running-jobs), not another while 2 have not ended");
    assertThat(ALL.refusesHours(CI, new BigDecimal("6"), new BigDecimal("4"))).isEmpty();
    assertThat(ALL.refusesHours(CI, new BigDecimal("6"), new BigDecimal("4.5")).orElseThrow())
        .contains("10 GPU-hours a week (rule gpu-hours), not 6 used in the last week and 4.5");
    assertThat(ALL.refusesHours(CI, new BigDecimal("10"), BigDecimal.ZERO))
        .as("a spent budget refuses a job without a time limit too")
        .isPresent();
  }

  @Test
  void whatIsLeftAndTheOneLineSummary() {
    assertThat(ALL.left(1, new BigDecimal("2.5")))
        .hasValue("1 of 2 jobs, 7.5 of 10 GPU-hours this week left");
    assertThat(ALL.left(5, new BigDecimal("12")))
        .hasValue("0 of 2 jobs, 0 of 10 GPU-hours this week left");
    assertThat(ALL.describe())
        .isEqualTo(
            "clusters lxp, tc; partitions gpu; ≤ 4 GPUs a job; ≤ 2 jobs at once; 10 GPU-hours a"
                + " week");
  }

  @Test
  void limitsThatMakeNoSenseAreRefusedNamingTheField() {
    assertThatThrownBy(() -> new TokenLimits(Set.of("a b"), Set.of(), null, null, null, null))
        .hasMessageContaining("clusters");
    assertThatThrownBy(() -> new TokenLimits(Set.of(), Set.of("gpu;rm"), null, null, null, null))
        .hasMessageContaining("partitions");
    assertThatThrownBy(() -> new TokenLimits(Set.of(), Set.of(), 0, null, null, null))
        .hasMessageContaining("at least 1, got 0");
    assertThatThrownBy(() -> new TokenLimits(Set.of(), Set.of(), null, -1, null, null))
        .hasMessageContaining("at least 1, got -1");
    assertThatThrownBy(() -> new TokenLimits(Set.of(), Set.of(), null, null, BigDecimal.TEN, null))
        .hasMessageContaining("needs its period");
    assertThatThrownBy(
            () ->
                new TokenLimits(
                    Set.of(), Set.of(), null, null, BigDecimal.ZERO, TokenLimits.Period.DAY))
        .hasMessageContaining("lets nothing run");
    assertThatThrownBy(() -> TokenLimits.Period.parse("fortnight"))
        .hasMessageContaining("not day, week or month");
  }
}
