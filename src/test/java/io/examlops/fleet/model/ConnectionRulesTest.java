package io.examlops.fleet.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.examlops.fleet.scheduler.slurm.SlurmAdapter;
import org.junit.jupiter.api.Test;

class ConnectionRulesTest {
  private static final String FP = "SHA256:" + "A".repeat(42) + "E";

  @Test
  void fingerprintsAreOpenSshSha256WithPaddingDropped() {
    assertThat(ConnectionRules.fingerprint(FP)).isEqualTo(FP);
    assertThat(ConnectionRules.fingerprint(FP + "=")).isEqualTo(FP);
    assertThatThrownBy(() -> ConnectionRules.fingerprint("MD5:16:27:ac"))
        .hasMessageContaining("ssh-keygen -lf");
  }

  @Test
  void hostsAndUsersCannotBecomeOptions() {
    assertThat(ConnectionRules.host("10.0.0.1")).isEqualTo("10.0.0.1");
    assertThat(ConnectionRules.host("fe80::1")).isEqualTo("fe80::1");
    assertThatThrownBy(() -> ConnectionRules.host("-oProxyCommand=sh")).hasMessageContaining("'-'");
    assertThatThrownBy(() -> ConnectionRules.host("a b"))
        .hasMessageContaining("is not a host name");
    assertThatThrownBy(() -> ConnectionRules.user("-l")).hasMessageContaining("invalid ssh user");
  }

  @Test
  void portsAreTcpPorts() {
    assertThat(ConnectionRules.port(22)).isEqualTo(22);
    assertThatThrownBy(() -> ConnectionRules.port(0)).hasMessageContaining("between 1 and 65535");
    assertThatThrownBy(() -> ConnectionRules.port(65536)).hasMessageContaining("65535");
  }

  @Test
  void keyPathsAreAbsolutePathsNeverKeyMaterial() {
    assertThat(ConnectionRules.keyPath("~/.ssh/id_ed25519")).isEqualTo("~/.ssh/id_ed25519");
    assertThat(ConnectionRules.keyPath("/etc/keys/ci")).isEqualTo("/etc/keys/ci");
    assertThatThrownBy(() -> ConnectionRules.keyPath("id_rsa")).hasMessageContaining("relative");
    for (String material :
        new String[] {
          "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n",
          "-----BEGIN RSA PRIVATE KEY----- MIIEpAIBAAKCAQEA",
          "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGq me@host",
          "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZWQyNTUxOQ"
        }) {
      assertThatThrownBy(() -> ConnectionRules.keyPath(material))
          .as(material)
          .hasMessageContaining("looks like key material")
          .hasMessageNotContaining("b3Blbn");
    }
  }

  @Test
  void onlyConnectableSchedulersAreAccepted() {
    assertThat(ConnectionRules.scheduler("Slurm")).isEqualTo(SlurmAdapter.KIND);
    assertThatThrownBy(() -> ConnectionRules.scheduler("unmanaged"))
        .hasMessage("unknown scheduler 'unmanaged': use slurm, flux or mock");
  }
}
