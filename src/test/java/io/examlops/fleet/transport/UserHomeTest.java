package io.examlops.fleet.transport;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One home for every {@code ~} path: $HOME, else the passwd entry's. */
class UserHomeTest {
  @TempDir Path dir;

  @Test
  void homeWinsOverThePasswdEntry() {
    UserHome home = UserHome.of(Map.of("HOME", "/tmp/x"));
    assertThat(home.knownHosts()).isEqualTo(Path.of("/tmp/x/.ssh/known_hosts"));
    assertThat(home.expand("~/k")).isEqualTo(Path.of("/tmp/x/k"));
    assertThat(home.expand("~")).isEqualTo(Path.of("/tmp/x"));
    assertThat(home.expand("/abs/~/k")).isEqualTo(Path.of("/abs/~/k"));
    assertThat(UserHome.of(Map.of()).dir()).isEqualTo(Path.of(System.getProperty("user.home")));
    assertThat(UserHome.of(Map.of("HOME", "  ")).dir())
        .isEqualTo(Path.of(System.getProperty("user.home")));
  }

  @Test
  void theDefaultKeyAndKnownHostsOfAnEndpointComeFromHome() throws Exception {
    Files.createDirectories(dir.resolve(".ssh"));
    Files.writeString(dir.resolve(".ssh/id_rsa"), "not read here");
    Map<String, String> env = Map.of("HOME", dir.toString());

    Endpoint endpoint =
        Endpoint.resolve(
            "h",
            null,
            "u",
            null,
            null,
            HostKeyPolicy.Mode.ACCEPT_NEW,
            null,
            env,
            TransportOptions.DEFAULTS);

    assertThat(endpoint.ssh().key()).isEqualTo(dir.resolve(".ssh/id_rsa"));
    assertThat(endpoint.hostKeyPolicy().knownHosts()).isEqualTo(dir.resolve(".ssh/known_hosts"));
    Map<String, String> tilde =
        Map.of(
            "HOME",
            dir.toString(),
            Endpoint.KNOWN_HOSTS_VARIABLE,
            "~/kh",
            Endpoint.KEY_VARIABLE,
            "~/.ssh/id_rsa");
    Endpoint fromVariables =
        Endpoint.resolve(
            "h",
            null,
            "u",
            null,
            null,
            HostKeyPolicy.Mode.STRICT,
            null,
            tilde,
            TransportOptions.DEFAULTS);
    assertThat(fromVariables.hostKeyPolicy().knownHosts()).isEqualTo(dir.resolve("kh"));
    assertThat(fromVariables.ssh().key()).isEqualTo(dir.resolve(".ssh/id_rsa"));
  }
}
