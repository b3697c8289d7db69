package io.examlops.fleet.registry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.examlops.fleet.model.ClusterDefinition;
import io.examlops.fleet.scheduler.mock.MockAdapter;
import io.examlops.fleet.scheduler.slurm.SlurmAdapter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ClustersFileTest {
  @TempDir Path dir;

  private RegistryFixture fixture() {
    return new RegistryFixture(dir);
  }

  private static String entryWithKey(String key) {
    return "clusters:\n  lxp:\n    scheduler: slurm\n    transport: ssh\n    host: h\n"
        + "    user: u\n    key: "
        + key
        + "\n";
  }

  @Test
  void aMissingFileHoldsNoClustersAndTheFirstWriteCreatesIt() throws IOException {
    RegistryFixture f = fixture();
    ClustersFile file = f.clustersFile();
    assertThat(file.read()).isEmpty();

    file.upsert(RegistryFixture.lxp("lxp-login"));

    assertThat(file.read()).containsExactly(RegistryFixture.lxp("lxp-login"));
    assertThat(Files.readString(f.yaml)).startsWith(ClustersFile.HEADER + "clusters:\n  lxp:\n");
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(f.yaml)))
        .as("private by default")
        .isEqualTo("rw-------");
  }

  @Test
  void editsKeepAHumansCommentsOrderPermissionsAndLeaveNoTemporaryFile() throws IOException {
    RegistryFixture f = fixture();
    Files.createDirectories(f.yaml.getParent());
    String human =
        "# ours\nclusters:\n  zeta:   # last alphabetically, first here\n    scheduler: mock\n"
            + "    transport: local\n\n  # keep me\n  alpha:\n    scheduler: flux\n"
            + "    transport: local\n";
    Files.writeString(f.yaml, human);
    Files.setPosixFilePermissions(f.yaml, PosixFilePermissions.fromString("rw-------"));
    ClustersFile file = f.clustersFile();

    file.upsert(RegistryFixture.lxp("lxp-login"));
    file.upsert(ClusterDefinition.local("alpha", SlurmAdapter.KIND));

    String text = Files.readString(f.yaml);
    assertThat(text).startsWith(human.replace("scheduler: flux", "scheduler: slurm"));
    assertThat(file.read())
        .extracting(ClusterDefinition::name)
        .containsExactly("zeta", "alpha", "lxp");
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(f.yaml)))
        .isEqualTo("rw-------");
    try (Stream<Path> files = Files.list(f.yaml.getParent())) {
      assertThat(files.map(p -> p.getFileName().toString()))
          .containsExactlyInAnyOrder("clusters.yaml", "clusters.yaml.lock");
    }
  }

  @Test
  void aSymlinkedFileIsEditedWhereItPoints() throws IOException {
    RegistryFixture f = fixture();
    Path real = dir.resolve("dotfiles/clusters.yaml");
    Files.createDirectories(real.getParent());
    Files.writeString(real, "clusters:\n");
    Files.createDirectories(f.yaml.getParent());
    Files.createSymbolicLink(f.yaml, real);

    f.clustersFile().upsert(ClusterDefinition.local("dev", MockAdapter.KIND));

    assertThat(Files.isSymbolicLink(f.yaml)).isTrue();
    assertThat(Files.readString(real)).contains("dev:");
  }

  @Test
  void anInvalidFileIsReportedAndLeftUntouched() throws IOException {
    RegistryFixture f = fixture();
    Files.createDirectories(f.yaml.getParent());
    String broken = "clusters:\n  lxp:\n    scheduler: slurm\n    transport: local\n    prot: 22\n";
    Files.writeString(f.yaml, broken);

    assertThatThrownBy(
            () -> f.clustersFile().upsert(ClusterDefinition.local("dev", MockAdapter.KIND)))
        .isInstanceOf(ClustersFileException.class)
        .hasMessage(
            f.yaml
                + ":5: unknown key 'prot' in cluster 'lxp'; the keys are scheduler,"
                + " transport, host, user, key, port, host_key, certificate, jump, jump_keys,"
                + " jump_host_keys, rest_url, rest_api, rest_token_file, rest_signing_key,"
                + " rest_users, rest_workdir, rest_output_via, rest_output_mount, flux_uri");
    assertThat(Files.readString(f.yaml)).isEqualTo(broken);
  }

  @Test
  void aMissingKeyFileIsReportedOnItsLine() throws IOException {
    RegistryFixture f = fixture();
    Files.createDirectories(f.yaml.getParent());
    Files.writeString(f.yaml, entryWithKey("~/.ssh/nope"));

    assertThatThrownBy(() -> f.clustersFile().read())
        .isInstanceOf(ClustersFileException.class)
        .hasMessageStartingWith(
            f.yaml
                + ":7: cluster 'lxp': key file "
                + f.home.resolve(".ssh/nope")
                + " does not exist")
        .hasMessageContaining("ssh-keygen -t ed25519 -f");
  }

  @Test
  void oneFileReadAgainAndAgainSeesEveryChangeOfItsTextAndOfItsKeyFiles() throws IOException {
    RegistryFixture f = fixture();
    Files.createDirectories(f.yaml.getParent());
    Path key = f.home.resolve(".ssh/id_lxp");
    Files.createDirectories(key.getParent());
    Files.writeString(key, "not read here");
    Files.setPosixFilePermissions(key, PosixFilePermissions.fromString("rw-------"));
    Files.writeString(f.yaml, entryWithKey("~/.ssh/id_lxp"));
    ClustersFile file = f.clustersFile();
    assertThat(file.read()).singleElement().satisfies(d -> assertThat(d.host()).isEqualTo("h"));
    assertThat(file.read()).as("the same text, read again").hasSize(1);

    Files.writeString(f.yaml, entryWithKey("~/.ssh/id_lxp").replace("host: h", "host: g"));
    assertThat(file.find("lxp").orElseThrow().host()).as("same length, new text").isEqualTo("g");

    Files.delete(key);
    assertThatThrownBy(file::read)
        .as("the text unchanged, its key file gone")
        .isInstanceOf(ClustersFileException.class)
        .hasMessageContaining("does not exist");
  }

  @Test
  void aKeyOthersCanReadIsRefusedWithTheChmodToRun() throws IOException {
    RegistryFixture f = fixture();
    Path key = f.writeKey("loose");
    Files.setPosixFilePermissions(key, PosixFilePermissions.fromString("rw-r--r--"));
    Files.createDirectories(f.yaml.getParent());
    Files.writeString(f.yaml, entryWithKey(key.toString()));

    assertThatThrownBy(() -> f.clustersFile().read())
        .hasMessageContaining(":7: cluster 'lxp': key file " + key + " has permissions rw-r--r--")
        .hasMessageContaining("chmod 600 " + key);
  }

  @Test
  void aDeviceAFifoOrAHugeFileIsRefusedBeforeAnythingIsRead() throws Exception {
    RegistryFixture f = fixture();
    Files.createDirectories(f.yaml.getParent());
    Files.createSymbolicLink(f.yaml, Path.of("/dev/zero"));
    assertThatThrownBy(() -> f.clustersFile().read())
        .hasMessageContaining(f.yaml.toString(), "is not a regular file", "nothing was read");

    Files.delete(f.yaml);
    // a FIFO no one writes: reading it would block for ever
    assertThat(new ProcessBuilder("mkfifo", f.yaml.toString()).start().waitFor()).isZero();
    assertThatThrownBy(() -> f.clustersFile().read()).hasMessageContaining("is not a regular file");

    Files.delete(f.yaml);
    try (var file = new java.io.RandomAccessFile(f.yaml.toFile(), "rw")) {
      file.setLength(1L << 34); // 16 GiB, sparse: nothing is written, nothing may be read
    }
    assertThatThrownBy(() -> f.clustersFile().read())
        .hasMessageContaining("17179869184 bytes", "nothing was read");
  }

  @Test
  void aKeyPathThatIsADirectoryIsRefused() throws IOException {
    RegistryFixture f = fixture();
    Files.createDirectories(f.yaml.getParent());
    Files.writeString(f.yaml, entryWithKey("~/.ssh"));
    assertThatThrownBy(() -> f.clustersFile().read()).hasMessageContaining(":7:", "is not a file");
  }

  @Test
  void aNewDefinitionWithABadKeyIsRefusedBeforeAnythingIsWritten() {
    RegistryFixture f = fixture();
    ClusterDefinition missingKey =
        ClusterDefinition.ssh("lxp", SlurmAdapter.KIND, "h", "u", "~/.ssh/absent", 22, null);
    assertThatThrownBy(() -> f.clustersFile().upsert(missingKey))
        .isInstanceOf(RegistryException.class)
        .hasMessageContaining("cluster 'lxp': key file", "does not exist");
    assertThat(f.yaml).doesNotExist();
  }

  @Test
  void keyMaterialNeverReachesTheFile() throws IOException {
    RegistryFixture f = fixture();
    assertThatThrownBy(
            () ->
                ClusterDefinition.ssh(
                    "lxp", SlurmAdapter.KIND, "h", "u", RegistryFixture.KEY_MATERIAL, 22, null))
        .hasMessageContaining("looks like key material");
    f.clustersFile().upsert(RegistryFixture.lxp("h"));
    assertThat(Files.readString(f.yaml)).doesNotContain("BEGIN", "c2VjcmV0");
  }
}
