package io.examlops.fleet.scheduler.flux;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.examlops.fleet.scheduler.ProbeException;
import org.junit.jupiter.api.Test;

class FluxVersionTest {

  @Test
  void readsTabSeparatedKeysInsideAnInstance() {
    FluxVersion v = FluxVersion.parse("flux -V", FluxFixtures.read("instance/flux-V.txt"));
    assertThat(v.commands()).isEqualTo("0.88.0");
    assertThat(v.libfluxCore()).isEqualTo("0.88.0");
    assertThat(v.broker()).isEqualTo("0.88.0");
    assertThat(v.uri()).isEqualTo("local:///tmp/flux-XXXXXX/local-0");
    assertThat(v.fields()).containsEntry("build-options", "+hwloc.api==2.8.0+zmq==4.3.4");
    assertThat(v.brokerAnswered()).isTrue();
    assertThat(v.release()).isEqualTo(new FluxRelease(0, 88, 0));
  }

  @Test
  void outsideAnInstanceHasNoBrokerLine() {
    FluxVersion v =
        FluxVersion.parse(
            "flux version", FluxFixtures.read("instance/version-outside-instance.txt"));
    assertThat(v.broker()).isNull();
    assertThat(v.uri()).isNull();
    assertThat(v.brokerAnswered()).isFalse();
    assertThat(v.reported()).isEqualTo("0.88.0");
  }

  @Test
  void nestedInstanceReportsItsOwnUri() {
    FluxVersion v =
        FluxVersion.parse("flux version", FluxFixtures.read("instance/nested-version-D.txt"));
    assertThat(v.uri()).isEqualTo("local:///tmp/flux-YYYYYY/local-0");
  }

  @Test
  void keepsUnknownKeysAndReadsDevBuildVersions() {
    FluxVersion v =
        FluxVersion.parse(
            "flux version",
            "commands:    \t\t0.61.2-12-gabcdef\nlibflux-core:\t\t0.61.2\n"
                + "libflux-security:\t0.11.0\nbuild-options:\t\t+systemd+hwloc.api==2.8.0\n");
    assertThat(v.release()).isEqualTo(new FluxRelease(0, 61, 2));
    assertThat(v.fields()).containsEntry("libflux-security", "0.11.0");
  }

  @Test
  void rejectsOutputThatIsNotFluxVersion() {
    assertThatThrownBy(() -> FluxVersion.parse("flux version", "commands: 0.88.0\ngarbage\n"))
        .isInstanceOf(ProbeException.class)
        .hasMessageContaining("line 2")
        .hasMessageContaining("flux version");
    assertThatThrownBy(() -> FluxVersion.parse("flux version", "libflux-core: 0.88.0\n"))
        .hasMessageContaining("no 'commands:' line");
    assertThatThrownBy(() -> FluxVersion.parse("flux version", "commands: unknown\n"))
        .hasMessageContaining("not a flux-core version");
  }

  @Test
  void comparesReleases() {
    assertThat(FluxRelease.parse("0.52.0").atLeast(0, 52)).isTrue();
    assertThat(FluxRelease.parse("0.51.9").atLeast(0, 52)).isFalse();
    assertThat(FluxRelease.parse("1.0").atLeast(0, 88)).isTrue();
  }
}
