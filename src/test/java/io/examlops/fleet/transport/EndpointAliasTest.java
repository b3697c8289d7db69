package io.examlops.fleet.transport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.examlops.fleet.model.FleetException;
import io.examlops.fleet.settings.Secret;
import io.examlops.fleet.settings.SshDefaults;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** How a host name becomes an SSH target: the command line, then ~/.ssh/config, then defaults. */
class EndpointAliasTest {
  @TempDir Path home;

  private Endpoint resolve(
      String host, Integer port, String user, SshDefaults defaults, Path agent, String config)
      throws IOException {
    Path file = Files.createDirectories(home.resolve(".ssh")).resolve("config");
    Files.writeString(file, config);
    SshConfig read = SshConfig.read(file, home);
    return Endpoint.resolve(
        host,
        port,
        user,
        null,
        null,
        HostKeyPolicy.Mode.STRICT,
        null,
        defaults,
        name -> SshAlias.resolve(read, name, "ann", home),
        "ann",
        new ClientEnvironment(Secret.NONE, warning -> {}, agent),
        TransportOptions.DEFAULTS);
  }

  private SshDefaults defaults(Integer port, String user, Path key) {
    return new SshDefaults(null, port, user, key, home.resolve("kh"), null, null);
  }

  @Test
  void theCommandLineWinsOverTheConfigWhichWinsOverTheDefaults() throws IOException {
    Path key = Files.createFile(home.resolve("id_lxp"));
    String config =
        "Host lxp\n  HostName login.example.org\n  User hpc\n  IdentityFile " + key + "\n";
    SshTarget fromConfig =
        resolve("lxp", null, null, defaults(2200, "env-user", null), null, config).ssh();
    assertThat(fromConfig)
        .isEqualTo(new SshTarget("login.example.org", 2200, "hpc", key.toAbsolutePath()));
    SshTarget fromCommandLine =
        resolve("lxp", 22, "cli-user", defaults(2200, "env-user", null), null, config).ssh();
    assertThat(fromCommandLine.user()).isEqualTo("cli-user");
    assertThat(fromCommandLine.port()).isEqualTo(22);
  }

  @Test
  void aCertificateFileIsPairedWithTheKeyOfItsHost() throws IOException {
    Path key = Files.createFile(home.resolve("id_lxp"));
    Path certificate = Files.createFile(home.resolve("daily-cert.pub"));
    String config =
        String.join(
            "\n",
            "Host lxp",
            "  HostName login.example.org",
            "  IdentityFile " + key,
            "  CertificateFile " + certificate,
            "");
    Endpoint endpoint = resolve("lxp", null, null, defaults(null, "hpc", null), null, config);
    assertThat(endpoint.client().certificates())
        .containsExactly(java.util.Map.entry(key.toAbsolutePath(), certificate.toAbsolutePath()));
    Endpoint plain = resolve("other", null, null, defaults(null, "hpc", key), null, config);
    assertThat(plain.client().certificates()).isEmpty();
  }

  @Test
  void jumpHostsBecomeTheTargetsRouteEachWithItsOwnKey() throws IOException {
    Path jumpKey = Files.createFile(home.resolve("id_jump"));
    Path defaultKey = Files.createFile(home.resolve("id_default"));
    Endpoint endpoint =
        resolve(
            "lxp",
            null,
            null,
            defaults(null, null, defaultKey),
            null,
            String.join(
                "\n",
                "Host lxp",
                "  HostName 10.0.0.5",
                "  ProxyJump gate,relay:2022",
                "Host gate",
                "  HostName gate.example.org",
                "  User jump",
                "  IdentityFile " + jumpKey,
                ""));
    assertThat(endpoint.ssh().jumps())
        .containsExactly(
            new SshTarget("gate.example.org", 22, "jump", jumpKey),
            new SshTarget("relay", 2022, "ann", defaultKey));
    assertThat(endpoint.label())
        .isEqualTo("ann@10.0.0.5:22 via jump@gate.example.org:22, ann@relay:2022");
  }

  @Test
  void withNoKeyFileTheAgentIsUsedAndWithoutAnAgentTheErrorSaysBoth() throws IOException {
    Path agent = home.resolve("agent.sock");
    assertThat(resolve("lxp", null, null, defaults(null, null, null), agent, "").ssh().key())
        .isNull();
    assertThatThrownBy(() -> resolve("lxp", null, null, defaults(null, null, null), null, ""))
        .isInstanceOf(FleetException.class)
        .hasMessageContaining("no SSH key for lxp")
        .hasMessageContaining("IdentityFile")
        .hasMessageContaining("SSH_AUTH_SOCK");
  }

  @Test
  void aHopCannotCarryHopsOfItsOwn() {
    SshTarget hop = new SshTarget("gate", 22, "jump", null);
    SshTarget nested = new SshTarget("relay", 22, "ann", null, List.of(hop));
    assertThatThrownBy(() -> new SshTarget("lxp", 22, "ann", null, List.of(nested)))
        .isInstanceOf(FleetException.class)
        .hasMessageContaining("one list");
  }
}
