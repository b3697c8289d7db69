package io.examlops.fleet.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.examlops.fleet.scheduler.flux.FluxAdapter;
import io.examlops.fleet.scheduler.slurm.SlurmAdapter;
import org.junit.jupiter.api.Test;

/**
 * Kinds are declared by their adapters (the shipped ones before any test, as before any surface
 * reads clusters.yaml). Nothing here declares a new label: a kind is known to the whole JVM.
 */
class SchedulerKindTest {
  @Test
  void theShippedKindsAreListedInTheirDeclaredOrderThenNone() {
    assertThat(SchedulerKind.declared())
        .extracting(SchedulerKind::label)
        .containsExactly("slurm", "flux", "unmanaged", "mock", "none");
    assertThat(SchedulerKind.orList(SchedulerKind.registrable())).isEqualTo("slurm, flux or mock");
    assertThat(SchedulerKind.parse("FLUX")).isSameAs(FluxAdapter.KIND);
  }

  @Test
  void aKindDeclaredAgainTheSameWayIsTheFirstOtherwiseItIsABug() {
    assertThat(SchedulerKind.declare("slurm", true, ApiSettings.ALL.toArray(AdapterSetting[]::new)))
        .isSameAs(SlurmAdapter.KIND);
    assertThat(SchedulerKind.declare("none", false)).isSameAs(SchedulerKind.NONE);
    assertThat(SchedulerKind.declared()).filteredOn(k -> k == SchedulerKind.NONE).hasSize(1);
    assertThatThrownBy(() -> SchedulerKind.declare("flux", true))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("already declared");
    assertThatThrownBy(() -> SchedulerKind.declare("slurm", false))
        .isInstanceOf(IllegalStateException.class);
  }

  @Test
  void aLabelIsALowerCaseWordAndJobRefsReadTheSameForm() {
    for (String bad : new String[] {"Slurm", "1slurm", "-x", "a".repeat(33), "slurm ok", ""}) {
      assertThatThrownBy(() -> SchedulerKind.declare(bad, true))
          .isInstanceOf(FleetException.class)
          .hasMessageContaining("use a lower-case letter, then up to 31");
    }
    assertThat(JobRef.parse("slurm:12").scheduler()).contains(SlurmAdapter.KIND);
    assertThat(JobRef.parse("Slurm:12").scheduler()).isEmpty();
  }

  @Test
  void aSettingIsFoundByItsKeyAmongTheKindsThatTakeIt() {
    assertThat(SchedulerKind.allSettings()).extracting(AdapterSetting::name).contains("flux_uri");
    assertThat(SchedulerKind.taking("flux_uri")).containsExactly(FluxAdapter.KIND);
    assertThat(SlurmAdapter.KIND.setting("flux_uri")).isEmpty();
    assertThatThrownBy(() -> new AdapterSetting("Flux URI", "x", v -> v))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
