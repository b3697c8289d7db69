package io.examlops.fleet.transport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.examlops.fleet.model.FleetException;
import io.examlops.fleet.transport.HostKeyPolicy.Mode;
import java.nio.file.Path;
import java.util.List;
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
    assertThat(HostKeyPolicy.pinned(known, PIN).forJumpHost(0))
        .isEqualTo(HostKeyPolicy.strict(known));
    for (HostKeyPolicy policy :
        new HostKeyPolicy[] {
          HostKeyPolicy.strict(known), HostKeyPolicy.acceptNew(known), HostKeyPolicy.none(known)
        }) {
      assertThat(policy.forJumpHost(0)).isEqualTo(policy);
    }
  }

  @Test
  void anApprovedRouteChecksEachJumpHostAgainstItsOwnPinWhateverTheTargetsMode() {
    Path known = Path.of("/k");
    String second = "SHA256:" + "B".repeat(43);
    for (Mode mode : new Mode[] {Mode.STRICT, Mode.PINNED}) {
      HostKeyPolicy policy =
          new HostKeyPolicy(mode, known, mode == Mode.PINNED ? PIN : null, List.of(PIN, second));
      assertThat(policy.forJumpHost(0)).isEqualTo(HostKeyPolicy.pinned(known, PIN));
      assertThat(policy.forJumpHost(1)).isEqualTo(HostKeyPolicy.pinned(known, second));
    }
    assertThatThrownBy(() -> new HostKeyPolicy(Mode.STRICT, known, null, List.of("MD5:12")))
        .isInstanceOf(FleetException.class)
        .hasMessageContaining("ssh-keygen -lf");
  }

  @Test
  void pinsTakeTheFingerprintRuleOfTheModel() {
    // The rule itself is tested in ConnectionRulesTest; the policy keeps its normal form.
    assertThat(HostKeyPolicy.pinned(Path.of("/k"), PIN + "=").pinnedFingerprint()).isEqualTo(PIN);
    assertThat(
            new HostKeyPolicy(Mode.STRICT, Path.of("/k"), null, List.of(" " + PIN + " "))
                .jumpPins())
        .containsExactly(PIN);
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
