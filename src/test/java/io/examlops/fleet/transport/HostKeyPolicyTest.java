package io.examlops.fleet.transport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.examlops.fleet.model.FleetException;
import io.examlops.fleet.transport.HostKeyPolicy.Mode;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class HostKeyPolicyTest {
  private static final String PIN = "SHA256:+DiY3wvvV6TuJJhbpZisF/zLDA0zPMSvHdkr4UvCOqU";

  @Test
  void factoriesNameTheirMode() {
    assertThat(HostKeyPolicy.strict(Path.of("/k")))
        .isEqualTo(new HostKeyPolicy(Mode.STRICT, Path.of("/k"), null));
    assertThat(HostKeyPolicy.pinned(Path.of("/j"), PIN).withKnownHosts(Path.of("/k")))
        .isEqualTo(new HostKeyPolicy(Mode.PINNED, Path.of("/k"), PIN));
  }

  @Test
  void aJumpHostIsCheckedLikeTheTargetExceptThatThePinIsTheTargets() {
    Path known = Path.of("/k");
    assertThat(HostKeyPolicy.pinned(known, PIN).forJumpHost())
        .isEqualTo(HostKeyPolicy.strict(known));
    for (HostKeyPolicy policy :
        new HostKeyPolicy[] {
          HostKeyPolicy.strict(known), HostKeyPolicy.acceptNew(known), HostKeyPolicy.none(known)
        }) {
      assertThat(policy.forJumpHost()).isEqualTo(policy);
    }
  }

  @Test
  void pinMustBeASha256Fingerprint() {
    assertThatThrownBy(() -> HostKeyPolicy.pinned(Path.of("/k"), "MD5:12:34"))
        .isInstanceOf(FleetException.class)
        .hasMessageContaining("ssh-keygen -lf");
    assertThatThrownBy(() -> HostKeyPolicy.pinned(Path.of("/k"), PIN.substring(7)))
        .isInstanceOf(FleetException.class);
    assertThatThrownBy(() -> new HostKeyPolicy(Mode.STRICT, Path.of("/k"), PIN))
        .isInstanceOf(FleetException.class)
        .hasMessageContaining("only the PINNED");
  }
}
