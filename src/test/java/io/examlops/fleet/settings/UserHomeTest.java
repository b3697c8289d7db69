package io.examlops.fleet.settings;

import static org.assertj.core.api.Assertions.assertThat;

import io.examlops.fleet.transport.ClientEnvironment;
import io.examlops.fleet.transport.Endpoint;
import io.examlops.fleet.transport.HostKeyPolicy;
import io.examlops.fleet.transport.SshAlias;
import io.examlops.fleet.transport.TransportOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One home for every {@code ~} path: $HOME, else the passwd entry's. */
class UserHomeTest {
  private static final Path ACCOUNT_HOME = Path.of("/home/passwd-ann");

  @TempDir Path dir;

  @Test
  void homeWinsOverThePasswdEntry() {
    UserHome home = UserHome.of("/tmp/x", ACCOUNT_HOME);
    assertThat(home.knownHosts()).isEqualTo(Path.of("/tmp/x/.ssh/known_hosts"));
    assertThat(home.expand("~/k")).isEqualTo(Path.of("/tmp/x/k"));
    assertThat(home.expand("~")).isEqualTo(Path.of("/tmp/x"));
    assertThat(home.expand("/abs/~/k")).isEqualTo(Path.of("/abs/~/k"));
    assertThat(UserHome.of(null, ACCOUNT_HOME).dir()).isEqualTo(ACCOUNT_HOME);
    assertThat(UserHome.of("  ", ACCOUNT_HOME).dir()).isEqualTo(ACCOUNT_HOME);
  }

  @Test
  void theDefaultKeyAndKnownHostsOfAnEndpointComeFromHome() throws Exception {
    Files.createDirectories(dir.resolve(".ssh"));
    Files.writeString(dir.resolve(".ssh/id_rsa"), "not read here");

    Endpoint endpoint = endpoint(Map.of("HOME", dir.toString()), HostKeyPolicy.Mode.ACCEPT_NEW);

    assertThat(endpoint.ssh().key()).isEqualTo(dir.resolve(".ssh/id_rsa"));
    assertThat(endpoint.hostKeyPolicy().knownHosts()).isEqualTo(dir.resolve(".ssh/known_hosts"));
    Endpoint fromVariables =
        endpoint(
            Map.of(
                "HOME",
                dir.toString(),
                Variables.SSH_KNOWN_HOSTS,
                "~/kh",
                Variables.SSH_KEY,
                "~/.ssh/id_rsa"),
            HostKeyPolicy.Mode.STRICT);
    assertThat(fromVariables.hostKeyPolicy().knownHosts()).isEqualTo(dir.resolve("kh"));
    assertThat(fromVariables.ssh().key()).isEqualTo(dir.resolve(".ssh/id_rsa"));
  }

  private static Endpoint endpoint(Map<String, String> env, HostKeyPolicy.Mode mode) {
    FleetSettings settings = FleetSettings.fromEnvironment(env, "ann", ACCOUNT_HOME);
    return Endpoint.resolve(
        "h",
        null,
        "u",
        null,
        null,
        mode,
        null,
        settings.ssh(),
        SshAlias::plain,
        settings.osUser(),
        ClientEnvironment.of(Secret.NONE),
        TransportOptions.DEFAULTS);
  }
}
