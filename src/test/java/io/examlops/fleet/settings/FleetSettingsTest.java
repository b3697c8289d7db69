package io.examlops.fleet.settings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.examlops.fleet.model.ErrorKind;
import io.examlops.fleet.model.FleetException;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The environment, read once into typed settings: every bad variable is refused at start. */
class FleetSettingsTest {
  private static final Path ACCOUNT_HOME = Path.of("/home/passwd-ann");

  private static FleetSettings of(Map<String, String> env) {
    return FleetSettings.fromEnvironment(env, "ann", ACCOUNT_HOME);
  }

  @Test
  void defaultsLiveUnderHome() {
    RegistryLocations l = of(Map.of("HOME", "/home/ann")).registry();
    assertThat(l.clustersFile()).isEqualTo(Path.of("/home/ann/.config/examlops/clusters.yaml"));
    assertThat(l.platformDb()).isEqualTo(Path.of("/home/ann/.local/share/examlops/platform.db"));
  }

  @Test
  void variablesOverrideTheDefaultsInOrder() {
    RegistryLocations l =
        of(Map.of(
                "HOME", "/home/ann",
                "EXAMLOPS_HPC_REGISTRY", "~/site/clusters.yaml",
                "EXAMLOPS_DATA_DIR", "/srv/examlops"))
            .registry();
    assertThat(l.clustersFile()).isEqualTo(Path.of("/home/ann/site/clusters.yaml"));
    assertThat(l.platformDb()).isEqualTo(Path.of("/srv/examlops/platform.db"));

    assertThat(
            of(Map.of(
                    "HOME",
                    "/h",
                    "EXAMLOPS_DATA_DIR",
                    "/srv",
                    "EXAMLOPS_PLATFORM_DB",
                    "/var/lib/fleet.db"))
                .registry()
                .platformDb())
        .isEqualTo(Path.of("/var/lib/fleet.db"));
  }

  @Test
  void withoutHomeTheAccountsHomeIsTaken() {
    assertThat(of(Map.of()).registry().clustersFile())
        .isEqualTo(ACCOUNT_HOME.resolve(".config/examlops/clusters.yaml"));
    assertThat(of(Map.of("HOME", " ")).registry().platformDb())
        .isEqualTo(ACCOUNT_HOME.resolve(".local/share/examlops/platform.db"));
  }

  @Test
  void sshDefaultsAreTyped() {
    FleetSettings settings =
        of(
            Map.of(
                "HOME", "/home/ann",
                "EXAMLOPS_HPC_SSH_HOST", "login.example.org",
                "EXAMLOPS_HPC_SSH_PORT", " 2222 ",
                "EXAMLOPS_HPC_SSH_USER", "ann",
                "EXAMLOPS_HPC_SSH_KEY", "~/.ssh/id_lxp",
                "EXAMLOPS_HPC_SSH_KNOWN_HOSTS", "~/hosts",
                "EXAMLOPS_HPC_SSH_CONFIG", "~/ssh.conf",
                "SSH_AUTH_SOCK", "/tmp/ssh-x/agent.1"));
    assertThat(settings.ssh())
        .isEqualTo(
            new SshDefaults(
                "login.example.org",
                2222,
                "ann",
                Path.of("/home/ann/.ssh/id_lxp"),
                Path.of("/home/ann/hosts"),
                Path.of("/home/ann/ssh.conf"),
                Path.of("/tmp/ssh-x/agent.1")));
    assertThat(settings.osUser()).isEqualTo("ann");
  }

  @Test
  void theSecretIsNeverShown() {
    FleetSettings settings = of(Map.of("EXAMLOPS_HPC_SSH_KEY_PASSPHRASE", "hunter2-passphrase"));
    assertThat(settings.keyPassphrase().isSet()).isTrue();
    assertThat(settings.toString()).doesNotContain("hunter2");
    assertThat(new String(settings.keyPassphrase().reveal())).isEqualTo("hunter2-passphrase");
  }

  @Test
  void mockGpusAreReadOnceHereInOneWording() {
    assertThat(of(Map.of()).mockGpus()).isEqualTo(FleetSettings.DEFAULT_MOCK_GPUS);
    assertThat(of(Map.of("EXAMLOPS_MOCK_GPUS", " 0 ")).mockGpus()).isZero();
    for (String bad : new String[] {"-2", "two", "1.5"}) {
      assertThatThrownBy(() -> of(Map.of("EXAMLOPS_MOCK_GPUS", bad)))
          .hasMessage(
              "EXAMLOPS_MOCK_GPUS must be a whole number of GPUs, 0 or more; got '" + bad + "'");
    }
  }

  /** Each bad variable is refused with its name and what to set, whatever the command is. */
  @Test
  void everyBadVariableIsRefusedAtStartNamingIt() {
    Map<String, String> bad =
        Map.of(
            "GPU_COST_PER_HOUR", "cheap",
            "GPU_COST_CURRENCY", "dollars",
            "EXAMLOPS_MOCK_GPUS", "-2",
            "EXAMLOPS_HPC_SSH_PORT", "ssh",
            "EXAMLOPS_HPC_SSH_HOST", "-oProxyCommand=x",
            "EXAMLOPS_HPC_SSH_KEY", "-----BEGIN OPENSSH PRIVATE KEY-----\nabc\n",
            "EXAMLOPS_SERVER", "ftp://fleet",
            "EXAMLOPS_HPC_CREDENTIAL_KEY", "-----BEGIN RSA PRIVATE KEY-----\nabc\n");
    bad.forEach(
        (name, value) ->
            assertThatThrownBy(() -> of(Map.of(name, value)))
                .as(name)
                .isInstanceOfSatisfying(
                    FleetException.class,
                    e -> assertThat(e.kind()).isEqualTo(ErrorKind.INVALID_REQUEST))
                .hasMessageContaining(name)
                .hasMessageNotContaining("abc"));
  }

  @Test
  void theCostRateIsReadOnce() {
    assertThat(of(Map.of()).costRate()).isEqualByComparingTo("2.50");
    assertThat(of(Map.of("GPU_COST_PER_HOUR", "1e2")).costRate()).isEqualByComparingTo("100");
    assertThat(of(Map.of()).costCurrency()).isEqualTo("USD");
    assertThat(of(Map.of("GPU_COST_CURRENCY", " eur ")).costCurrency()).isEqualTo("EUR");
  }

  @Test
  void centralModeNeedsItsToken() {
    assertThat(of(Map.of()).centralMode()).isFalse();
    FleetSettings central =
        of(Map.of("EXAMLOPS_SERVER", "https://fleet.example.org/", "EXAMLOPS_TOKEN", "exa_x"));
    assertThat(central.central().url().toString()).isEqualTo("https://fleet.example.org");
    assertThat(central.toString()).doesNotContain("exa_x");
    assertThatThrownBy(() -> of(Map.of("EXAMLOPS_SERVER", "https://fleet.example.org")))
        .hasMessageContaining("EXAMLOPS_TOKEN is not set");
  }
}
