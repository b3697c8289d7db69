package io.examlops.fleet.transport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.examlops.fleet.model.FleetException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The OpenSSH client configuration as this tool reads it: {@code ssh lxp} resolved the same way.
 */
class SshConfigTest {
  @TempDir Path home;

  private Path config(String text) throws IOException {
    Path ssh = Files.createDirectories(home.resolve(".ssh"));
    Path file = ssh.resolve("config");
    Files.writeString(file, text);
    return file;
  }

  private SshAlias resolve(String text, String alias) throws IOException {
    return SshAlias.resolve(SshConfig.read(config(text), home), alias, "ann", home);
  }

  @Test
  void anAliasGivesItsRealHostPortUserAndKeys() throws IOException {
    SshAlias lxp =
        resolve(
            String.join(
                "\n",
                "# site login",
                "Host lxp",
                "  HostName login.lxp.example.org",
                "  Port 2200",
                "  User = ann_hpc",
                "  IdentityFile ~/.ssh/id_lxp",
                "  IdentityFile \"/keys/with space/id\"",
                "  ServerAliveInterval 30",
                ""),
            "lxp");
    assertThat(lxp.host()).isEqualTo("login.lxp.example.org");
    assertThat(lxp.port()).isEqualTo(2200);
    assertThat(lxp.user()).isEqualTo("ann_hpc");
    assertThat(lxp.identityFiles())
        .containsExactly(home.resolve(".ssh/id_lxp"), Path.of("/keys/with space/id"));
    assertThat(lxp.jumps()).isEmpty();
  }

  @Test
  void certificateFilesAddUpWithTokensAndTheFirstThatExistsIsOffered() throws IOException {
    String config =
        String.join(
            "\n",
            "Host lxp",
            "  HostName login.example.org",
            "  User hpc",
            "  IdentityFile ~/.ssh/id_lxp",
            "  CertificateFile ~/.ssh/%r-daily-cert.pub",
            "  CertificateFile=\"%d/certs/%n cert.pub\"",
            "");
    SshAlias lxp = resolve(config, "lxp");
    assertThat(lxp.certificateFiles())
        .containsExactly(
            home.resolve(".ssh/hpc-daily-cert.pub"), home.resolve("certs/lxp cert.pub"));
    // Neither exists: the first named is the one a connection would report missing.
    assertThat(lxp.certificateFile()).contains(home.resolve(".ssh/hpc-daily-cert.pub"));
    Files.createDirectories(home.resolve("certs"));
    Files.writeString(
        home.resolve("certs/lxp cert.pub"), "ssh-ed25519-cert-v01@openssh.com AAAA\n");
    assertThat(lxp.certificateFile()).contains(home.resolve("certs/lxp cert.pub"));
    assertThat(resolve(config, "elsewhere").certificateFile()).isEmpty();
  }

  @Test
  void aNameNoBlockMatchesIsTakenAsWritten() throws IOException {
    SshAlias other = resolve("Host lxp\n  HostName login.example.org\n", "cluster.example.org");
    assertThat(other).isEqualTo(SshAlias.plain("cluster.example.org"));
  }

  @Test
  void theFirstValueWinsAcrossBlocksAndPatterns() throws IOException {
    String text =
        String.join(
            "\n",
            "Host lxp-* !lxp-test",
            "  User first",
            "Host lxp-login lxp-test",
            "  User second",
            "  Port 2201",
            "Host *",
            "  User everyone",
            "  Port 22",
            "  HostName %h.example.org",
            "");
    SshAlias login = resolve(text, "lxp-login");
    assertThat(login.user()).isEqualTo("first");
    assertThat(login.port()).isEqualTo(2201);
    assertThat(login.host()).isEqualTo("lxp-login.example.org");
    SshAlias test = resolve(text, "lxp-test");
    assertThat(test.user()).isEqualTo("second");
    SshAlias other = resolve(text, "LXP-A");
    assertThat(other.user()).as("patterns ignore case, as OpenSSH's do").isEqualTo("first");
  }

  @Test
  void tokensAndTildeAreExpandedInIdentityFile() throws IOException {
    SshAlias lxp =
        resolve(
            String.join(
                "\n",
                "Host lxp",
                "  HostName login.example.org",
                "  User hpc",
                "  Port 2222",
                "  IdentityFile ~/.ssh/%h-%p-%r",
                "  IdentityFile %d/keys/%u@%n",
                "  IdentityFile /keys/100%%",
                ""),
            "lxp");
    assertThat(lxp.identityFiles())
        .containsExactly(
            home.resolve(".ssh/login.example.org-2222-hpc"),
            home.resolve("keys/ann@lxp"),
            Path.of("/keys/100%"));
  }

  @Test
  void includeReadsFilesRelativeToDotSshWithGlobsInOrder() throws IOException {
    Path dir = Files.createDirectories(home.resolve(".ssh/config.d"));
    Files.writeString(dir.resolve("20-lxp"), "Host lxp\n  User from-20\n  Port 2020\n");
    Files.writeString(dir.resolve("10-lxp"), "Host lxp\n  User from-10\n");
    Files.writeString(home.resolve("abs.conf"), "Host lxp\n  HostName from-absolute\n");
    SshAlias lxp =
        resolve(
            "Include config.d/*\nInclude " + home.resolve("abs.conf") + "\nHost lxp\n User last\n",
            "lxp");
    assertThat(lxp.user()).isEqualTo("from-10");
    assertThat(lxp.port()).isEqualTo(2020);
    assertThat(lxp.host()).isEqualTo("from-absolute");
  }

  @Test
  void anIncludeInsideAHostBlockAppliesToThatHostOnly() throws IOException {
    Files.writeString(config("").resolveSibling("lxp.conf"), "User included\n");
    String text = "Host lxp\n  Include lxp.conf\nHost *\n  User everyone\n";
    assertThat(resolve(text, "lxp").user()).isEqualTo("included");
    assertThat(resolve(text, "other").user()).isEqualTo("everyone");
  }

  @Test
  void proxyJumpChainsHopsEachResolvedThroughTheConfig() throws IOException {
    SshAlias lxp =
        resolve(
            String.join(
                "\n",
                "Host lxp",
                "  HostName 10.0.0.5",
                "  ProxyJump gate, ops@[2001:db8::1]:2022,ssh://root@inner:23",
                "Host gate",
                "  HostName gate.example.org",
                "  User gatekeeper",
                "  IdentityFile ~/.ssh/id_gate",
                "Host inner",
                "  ProxyJump outer",
                "Host outer",
                "  HostName outer.example.org",
                ""),
            "lxp");
    assertThat(lxp.jumps())
        .extracting(SshAlias::host, SshAlias::port, SshAlias::user)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("gate.example.org", null, "gatekeeper"),
            org.assertj.core.groups.Tuple.tuple("2001:db8::1", 2022, "ops"),
            org.assertj.core.groups.Tuple.tuple("outer.example.org", null, null),
            org.assertj.core.groups.Tuple.tuple("inner", 23, "root"));
    assertThat(lxp.jumps().get(0).identityFiles()).containsExactly(home.resolve(".ssh/id_gate"));
  }

  @Test
  void proxyJumpNoneAndAMissingFileMeanADirectConnection() throws IOException {
    assertThat(resolve("Host lxp\n  ProxyJump none\nHost *\n  ProxyJump gate\n", "lxp").jumps())
        .isEmpty();
    assertThat(SshAlias.resolve(SshConfig.read(home.resolve("absent"), home), "lxp", "ann", home))
        .isEqualTo(SshAlias.plain("lxp"));
  }

  @Test
  void badLinesAreRefusedNamingFileAndLine() throws IOException {
    Path file = config("");
    List<String[]> cases =
        List.of(
            new String[] {"Host lxp\n  Port 70000\n", ":2: Port must be a number 1-65535"},
            new String[] {"Host lxp\n  User\n", ":2: 'User' needs a value"},
            new String[] {"Host lxp\n  HostName \"unclosed\n", ":2: a double quote is not closed"},
            new String[] {"Match host lxp\n  User x\n", ":1: Match blocks are not supported"},
            new String[] {"Host lxp\n  ProxyJump gate:port\n", ":2: ProxyJump hop 'gate:port'"},
            new String[] {"Host lxp\n  ProxyCommand nc %h %p\n", ":2: ProxyCommand is not"},
            new String[] {"Host lxp\n  IdentityFile ~/.ssh/%C\n", ":2: the token %C cannot"},
            new String[] {"Host lxp\n  ProxyJump lxp\n", ":2: ProxyJump chains more than"});
    for (String[] c : cases) {
      Files.writeString(file, c[0]);
      assertThatThrownBy(() -> SshAlias.resolve(SshConfig.read(file, home), "lxp", "ann", home))
          .as(c[0])
          .isInstanceOf(FleetException.class)
          .hasMessageContaining("SSH configuration " + file + c[1]);
    }
  }

  @Test
  void anIncludeLoopIsRefused() throws IOException {
    Path file = config("Include config\n");
    assertThatThrownBy(() -> SshConfig.read(file, home))
        .isInstanceOf(FleetException.class)
        .hasMessageContaining("Include nested deeper than 16 files");
  }
}
