package io.examlops.fleet.registry;

import static org.assertj.core.api.Assertions.assertThat;

import io.examlops.fleet.settings.RegistryLocations;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RegistryLocationsTest {
  @Test
  void defaultsLiveUnderHome() {
    RegistryLocations l = RegistryLocations.from(Map.of("HOME", "/home/ann"));
    assertThat(l.clustersFile()).isEqualTo(Path.of("/home/ann/.config/examlops/clusters.yaml"));
    assertThat(l.platformDb()).isEqualTo(Path.of("/home/ann/.local/share/examlops/platform.db"));
  }

  @Test
  void variablesOverrideTheDefaultsInOrder() {
    RegistryLocations l =
        RegistryLocations.from(
            Map.of(
                "HOME", "/home/ann",
                "EXAMLOPS_HPC_REGISTRY", "~/site/clusters.yaml",
                "EXAMLOPS_DATA_DIR", "/srv/examlops"));
    assertThat(l.clustersFile()).isEqualTo(Path.of("/home/ann/site/clusters.yaml"));
    assertThat(l.platformDb()).isEqualTo(Path.of("/srv/examlops/platform.db"));

    assertThat(
            RegistryLocations.from(
                    Map.of(
                        "HOME",
                        "/h",
                        "EXAMLOPS_DATA_DIR",
                        "/srv",
                        "EXAMLOPS_PLATFORM_DB",
                        "/var/lib/fleet.db"))
                .platformDb())
        .isEqualTo(Path.of("/var/lib/fleet.db"));
  }

  @Test
  void withoutHomeTheAccountsHomeIsTaken() {
    Path passwdHome = Path.of(System.getProperty("user.home"));
    assertThat(RegistryLocations.from(Map.of()).clustersFile())
        .isEqualTo(passwdHome.resolve(".config/examlops/clusters.yaml"));
    assertThat(RegistryLocations.from(Map.of("HOME", " ")).platformDb())
        .isEqualTo(passwdHome.resolve(".local/share/examlops/platform.db"));
  }
}
