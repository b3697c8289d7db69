package io.examlops.fleet.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ClusterNameTest {
  @Test
  void acceptsNamesThatNeedNoQuotingAnywhere() {
    assertThat(ClusterName.require("lxp")).isEqualTo("lxp");
    assertThat(ClusterName.isValid("gpu-east_2")).isTrue();
    assertThat(ClusterName.isValid("a" + "b".repeat(62))).isTrue();
  }

  @Test
  void refusesEverythingElseStatingTheRule() {
    for (String bad :
        new String[] {
          "",
          "Lxp",
          "1lxp",
          "-lxp",
          "lx p",
          "lxp;rm",
          "../x",
          "lxp.de",
          "a" + "b".repeat(63),
          "lxp\n",
          "ünï"
        }) {
      assertThat(ClusterName.isValid(bad)).as(bad).isFalse();
    }
    assertThat(ClusterName.isValid(null)).isFalse();
    assertThatThrownBy(() -> ClusterName.require("Bad\u001b[31m"))
        .isInstanceOf(FleetException.class)
        .hasMessage("invalid cluster name 'Bad\\u001b[31m': a cluster name is " + ClusterName.RULE)
        .hasMessageContaining("^[a-z][a-z0-9_-]{0,62}$");
  }
}
