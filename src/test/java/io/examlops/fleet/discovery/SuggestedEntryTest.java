package io.examlops.fleet.discovery;

import static org.assertj.core.api.Assertions.assertThat;

import io.examlops.fleet.StandardSchedulers;
import io.examlops.fleet.model.ClusterName;
import io.examlops.fleet.model.SchedulerKind;
import io.examlops.fleet.scheduler.slurm.SlurmAdapter;
import io.examlops.fleet.settings.Secret;
import io.examlops.fleet.transport.ClientEnvironment;
import io.examlops.fleet.transport.Endpoint;
import io.examlops.fleet.transport.HostKeyPolicy;
import io.examlops.fleet.transport.SshTarget;
import io.examlops.fleet.transport.TransportOptions;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class SuggestedEntryTest {
  private static Endpoint ssh(String host) {
    return new Endpoint(
        new SshTarget(host, 2222, "hpcuser", Path.of("/home/ann/.ssh/id_ed25519")),
        HostKeyPolicy.strict(Path.of("/home/ann/.ssh/known_hosts")),
        TransportOptions.DEFAULTS,
        ClientEnvironment.of(Secret.NONE));
  }

  @Test
  void namesFollowTheNameRule() {
    for (String host :
        List.of("lxp-login.example.org", "127.0.0.1", "Login_01", "[::1]", "9nodes")) {
      String name = DiscoveryService.suggestedName(ssh(host));
      assertThat(ClusterName.isValid(name)).as(host + " -> " + name).isTrue();
    }
    assertThat(DiscoveryService.suggestedName(ssh("lxp-login.example.org"))).isEqualTo("lxp-login");
    assertThat(DiscoveryService.suggestedName(ssh("127.0.0.1"))).isEqualTo("cluster-127-0-0-1");
  }

  @Test
  void theEntryHoldsWhatWasFoundAndOnlyTheKeysPath() {
    Detection slurm =
        new Detection(
            SlurmAdapter.KIND,
            "hpcuser@lxp-login:2222",
            null,
            List.of(),
            List.of(),
            List.of(),
            4,
            "SHA256:VkitQdJCwF8k1LeYEo+P0w8x2VZXaEXFTUDwzkdHCaU",
            null,
            List.of(),
            List.of());

    String yaml = DiscoveryService.suggestedEntry(SlurmAdapter.KIND, slurm, ssh("lxp-login"));

    assertThat(yaml)
        .contains("lxp-login:")
        .contains("scheduler: slurm")
        .contains("transport: ssh")
        .contains("port: 2222")
        .contains("key: /home/ann/.ssh/id_ed25519")
        .contains("host_key: SHA256:VkitQdJCwF8k1LeYEo+P0w8x2VZXaEXFTUDwzkdHCaU");
  }

  @Test
  void nothingFoundSuggestsTheMockBackend() {
    Detection none =
        new Detection(
            SchedulerKind.NONE,
            "local",
            null,
            List.of(),
            List.of(),
            List.of(),
            3,
            null,
            null,
            List.of(),
            List.of());

    Endpoint local = Endpoint.local(TransportOptions.DEFAULTS);
    Suggestion suggestion = Suggestion.of(none, local, null, StandardSchedulers.adapters());

    assertThat(suggestion.scheduler().label()).isEqualTo("mock");
    assertThat(DiscoveryService.suggestedEntry(suggestion.scheduler(), none, local))
        .contains("scheduler: mock")
        .contains("transport: local");
  }
}
