package io.examlops.fleet.registry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.examlops.fleet.model.ClusterDefinition;
import io.examlops.fleet.scheduler.flux.FluxAdapter;
import io.examlops.fleet.scheduler.mock.MockAdapter;
import io.examlops.fleet.scheduler.slurm.SlurmAdapter;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class ClustersYamlEditorTest {
  private static final Path FILE = Path.of("clusters.yaml");
  private static final String HK1 = RegistryFixture.fingerprint("hk1");
  private static final String HK2 = RegistryFixture.fingerprint("hk2");

  private static final String HUMAN =
      """
      # Site clusters -- maintained by the HPC team 😀
      clusters:
        # the big one
        lxp:
          scheduler: slurm   # since 2023
          transport: ssh
          host: lxp-login    # round-robin alias
          user: hpcuser
          key: ~/.ssh/id_ed25519

        # laptop testing
        dev:
          scheduler: mock
          transport: local
      # end of list
      """;

  private static String upsert(String text, ClusterDefinition definition) {
    return ClustersYamlEditor.upsert(ClustersYaml.parse(text, FILE), definition, FILE);
  }

  @Test
  void updatingOneValueChangesOnlyThoseCharacters() {
    ClusterDefinition moved =
        ClusterDefinition.ssh(
            "lxp", SlurmAdapter.KIND, "lxp-login2", "hpcuser", "~/.ssh/id_ed25519", 22, null);

    String edited = upsert(HUMAN, moved);

    assertThat(edited).isEqualTo(HUMAN.replace("host: lxp-login    #", "host: lxp-login2    #"));
  }

  @Test
  void addedFieldsGoAfterTheEntrysLastLineAtItsIndentation() {
    ClusterDefinition pinned =
        ClusterDefinition.ssh(
            "lxp", SlurmAdapter.KIND, "lxp-login", "hpcuser", "~/.ssh/id_ed25519", 2222, HK1);

    String edited = upsert(HUMAN, pinned);

    assertThat(edited)
        .isEqualTo(
            HUMAN.replace(
                "key: ~/.ssh/id_ed25519\n",
                "key: ~/.ssh/id_ed25519\n    port: 2222\n    host_key: " + HK1 + "\n"));
    assertThat(ClustersYaml.parse(edited, FILE).definitions()).contains(pinned);
  }

  @Test
  void aNewEntryIsAppendedAfterTheLastOneKeepingEverythingElse() {
    ClusterDefinition flux =
        ClusterDefinition.ssh("tioga", FluxAdapter.KIND, "tioga.llnl.gov", "me", null, 22, HK2);

    String edited = upsert(HUMAN, flux);

    assertThat(edited)
        .isEqualTo(
            HUMAN.replace(
                "    transport: local\n# end of list",
                "    transport: local\n  tioga:\n    scheduler: flux\n    transport: ssh\n"
                    + "    host: tioga.llnl.gov\n    user: me\n    port: 22\n    host_key: "
                    + HK2
                    + "\n# end of list"));
    assertThat(ClustersYaml.parse(edited, FILE).definitions())
        .extracting(ClusterDefinition::name)
        .containsExactly("lxp", "dev", "tioga");
  }

  @Test
  void anAdapterSettingIsWrittenAfterTheConnectionAndRemovedWhenUnset() {
    ClusterDefinition tioga = ClusterDefinition.local("tioga", FluxAdapter.KIND);
    String bound = upsert(HUMAN, tioga.withSetting("flux_uri", "local:///run/flux/local"));

    assertThat(bound)
        .isEqualTo(
            HUMAN.replace(
                "    transport: local\n# end of list",
                "    transport: local\n  tioga:\n    scheduler: flux\n    transport: local\n"
                    + "    flux_uri: local:///run/flux/local\n# end of list"));
    assertThat(upsert(bound, tioga)).isEqualTo(upsert(HUMAN, tioga));
  }

  @Test
  void switchingToLocalRemovesTheSshLinesOnly() {
    String edited = upsert(HUMAN, ClusterDefinition.local("lxp", SlurmAdapter.KIND));

    assertThat(edited)
        .isEqualTo(
            HUMAN
                .replace(
                    "    host: lxp-login    # round-robin alias\n    user: hpcuser\n"
                        + "    key: ~/.ssh/id_ed25519\n",
                    "")
                .replace("transport: ssh", "transport: local"));
  }

  @Test
  void theSameDefinitionLeavesTheTextAsItWas() {
    ClusterDefinition same =
        ClusterDefinition.ssh(
            "lxp", SlurmAdapter.KIND, "lxp-login", "hpcuser", "~/.ssh/id_ed25519", 22, null);
    assertThat(upsert(HUMAN, same)).isEqualTo(HUMAN);
  }

  @Test
  void indentationOfTheFileIsFollowed() {
    String fourSpaces = "clusters:\n    dev:\n        scheduler: mock\n        transport: local\n";
    String edited = upsert(fourSpaces, ClusterDefinition.local("dev2", MockAdapter.KIND));
    assertThat(edited)
        .isEqualTo(fourSpaces + "    dev2:\n        scheduler: mock\n        transport: local\n");
  }

  @Test
  void emptySectionsAndEmptyFilesGetABlock() {
    ClusterDefinition dev = ClusterDefinition.local("dev", MockAdapter.KIND);
    String block = "\n  dev:\n    scheduler: mock\n    transport: local";
    assertThat(upsert("", dev)).isEqualTo("clusters:" + block + "\n");
    assertThat(upsert("# mine\n", dev)).isEqualTo("# mine\nclusters:" + block + "\n");
    assertThat(upsert("clusters:\n", dev)).isEqualTo("clusters:" + block + "\n");
    assertThat(upsert("clusters: {}  # none yet\n", dev))
        .isEqualTo("clusters:   # none yet" + block + "\n");
    assertThat(upsert("clusters: ~\n# tail\n", dev)).isEqualTo("clusters: " + block + "\n# tail\n");
  }

  @Test
  void windowsLineEndingsAreKept() {
    String crlf = "clusters:\r\n  dev:\r\n    scheduler: mock\r\n    transport: local\r\n";
    String edited = upsert(crlf, ClusterDefinition.local("dev2", FluxAdapter.KIND));
    assertThat(edited)
        .isEqualTo(crlf + "  dev2:\r\n    scheduler: flux\r\n    transport: local\r\n");
  }

  @Test
  void valuesThatYamlWouldMisreadAreQuoted() {
    ClusterDefinition odd =
        ClusterDefinition.ssh("odd", SlurmAdapter.KIND, "10.0.0.1", "yes", "/keys/a b", 22, null);
    String edited = upsert("", odd);
    assertThat(edited).contains("user: \"yes\"", "key: \"/keys/a b\"");
    assertThat(ClustersYaml.parse(edited, FILE).definitions()).containsExactly(odd);
  }

  @Test
  void flowStyleIsNotRewritten() {
    String flow = "clusters:\n  dev: {scheduler: mock, transport: local}\n";
    assertThatThrownBy(() -> upsert(flow, ClusterDefinition.local("dev", FluxAdapter.KIND)))
        .isInstanceOf(ClustersFileException.class)
        .hasMessageContaining(":2: cluster 'dev' is written in flow style");
    assertThatThrownBy(
            () ->
                upsert(
                    "clusters: {dev: {scheduler: mock, transport: local}}\n",
                    ClusterDefinition.local("x", FluxAdapter.KIND)))
        .hasMessageContaining(":1: 'clusters' is written in flow style");
  }
}
