package io.examlops.fleet.registry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.examlops.fleet.model.Actor;
import io.examlops.fleet.model.ClusterDefinition;
import io.examlops.fleet.scheduler.mock.MockAdapter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.time.Clock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * connect writes clusters.yaml and platform.db together or not at all, and a symlinked
 * clusters.yaml is edited where it points, in that file's own directory, with the link kept.
 */
class StoresWrittenTogetherTest {
  @TempDir Path dir;

  @Test
  void aCommitThatFailsAfterTheYamlEditTakesTheEditBack() throws Exception {
    RegistryFixture f = new RegistryFixture(dir);
    ClusterRegistry registry = f.open(Clock.systemUTC());
    registry.register(
        ClusterDefinition.local("first", MockAdapter.KIND), null, null, Actor.cli("ann"));
    String before = Files.readString(f.yaml);
    // A deferred foreign key that the audit event breaks: SQLite refuses only at COMMIT, after
    // every statement, and the clusters.yaml edit, succeeded.
    try (var c = DriverManager.getConnection("jdbc:sqlite:" + f.db);
        var s = c.createStatement()) {
      s.execute("CREATE TABLE parent (id INTEGER PRIMARY KEY)");
      s.execute(
          "CREATE TABLE child (id INTEGER REFERENCES parent (id) DEFERRABLE INITIALLY DEFERRED)");
      s.execute(
          "CREATE TRIGGER break_commit AFTER INSERT ON audit_events BEGIN"
              + " INSERT INTO child VALUES (42); END");
    }

    assertThatThrownBy(
            () ->
                registry.register(
                    ClusterDefinition.local("second", MockAdapter.KIND),
                    null,
                    null,
                    Actor.cli("ann")))
        .isInstanceOf(RegistryException.class)
        .hasMessageContaining("FOREIGN KEY");

    assertThat(Files.readString(f.yaml)).isEqualTo(before);
    assertThat(registry.list()).extracting(c -> c.name()).containsExactly("first");
  }

  @Test
  void anUnwritableYamlLeavesNoRow() throws Exception {
    RegistryFixture f = new RegistryFixture(dir);
    ClusterRegistry registry = f.open(Clock.systemUTC());
    Files.createDirectories(f.yaml); // a directory where the file should be: it cannot be written

    assertThatThrownBy(
            () ->
                registry.register(
                    ClusterDefinition.local("second", MockAdapter.KIND),
                    null,
                    null,
                    Actor.cli("ann")))
        .isInstanceOf(RegistryException.class);

    assertThat(registry.auditTrail()).isEmpty();
  }

  @Test
  void aLinkChainIsEditedAtItsEndInThatDirectoryAndKept() throws Exception {
    RegistryFixture f = new RegistryFixture(dir);
    Path repo = Files.createDirectories(dir.resolve("repo"));
    Files.writeString(repo.resolve("clusters.yaml"), "# shared\nclusters:\n");
    Files.createDirectories(f.yaml.getParent());
    Path middle = dir.resolve("middle.yaml");
    Files.createSymbolicLink(middle, Path.of("repo/clusters.yaml"));
    Files.createSymbolicLink(f.yaml, middle);

    f.clustersFile().upsert(ClusterDefinition.local("dev", MockAdapter.KIND));

    assertThat(Files.isSymbolicLink(f.yaml)).isTrue();
    assertThat(Files.readSymbolicLink(f.yaml)).isEqualTo(middle);
    assertThat(Files.isSymbolicLink(middle)).isTrue();
    assertThat(Files.readString(repo.resolve("clusters.yaml")))
        .startsWith("# shared\n")
        .contains("dev:");
    assertThat(repo.resolve("clusters.yaml.lock")).as("locked where it is written").exists();
  }

  @Test
  void aDanglingLinkIntoAnExistingDirectoryGetsItsTargetCreated() throws Exception {
    RegistryFixture f = new RegistryFixture(dir);
    Path repo = Files.createDirectories(dir.resolve("repo"));
    Files.createDirectories(f.yaml.getParent());
    Files.createSymbolicLink(f.yaml, repo.resolve("clusters.yaml"));

    assertThat(f.clustersFile().read()).isEmpty();
    f.clustersFile().upsert(ClusterDefinition.local("dev", MockAdapter.KIND));

    assertThat(Files.isSymbolicLink(f.yaml)).isTrue();
    assertThat(Files.readString(repo.resolve("clusters.yaml")))
        .startsWith(ClustersFile.HEADER)
        .contains("dev:");
  }

  @Test
  void aDanglingLinkIntoAMissingDirectoryIsAnErrorAndNothingIsCreated() throws Exception {
    RegistryFixture f = new RegistryFixture(dir);
    Files.createDirectories(f.yaml.getParent());
    Path gone = dir.resolve("unmounted/share/clusters.yaml");
    Files.createSymbolicLink(f.yaml, gone);

    for (Runnable use :
        new Runnable[] {
          () -> f.clustersFile().read(),
          () -> f.clustersFile().upsert(ClusterDefinition.local("dev", MockAdapter.KIND))
        }) {
      assertThatThrownBy(use::run)
          .isInstanceOf(StoreException.class)
          .hasMessageContaining(f.yaml + " is a symbolic link to " + gone)
          .hasMessageContaining("mount or create that directory");
    }
    assertThat(Files.readSymbolicLink(f.yaml)).isEqualTo(gone);
    assertThat(dir.resolve("unmounted")).doesNotExist();
  }

  @Test
  void aLinkLoopIsAnError() throws Exception {
    RegistryFixture f = new RegistryFixture(dir);
    Files.createDirectories(f.yaml.getParent());
    Path other = dir.resolve("other.yaml");
    Files.createSymbolicLink(f.yaml, other);
    Files.createSymbolicLink(other, f.yaml);

    assertThatThrownBy(
            () -> f.clustersFile().upsert(ClusterDefinition.local("dev", MockAdapter.KIND)))
        .isInstanceOf(StoreException.class)
        .hasMessageContaining("symbolic link loop");
    assertThat(Files.isSymbolicLink(f.yaml)).isTrue();
    assertThat(Files.isSymbolicLink(other)).isTrue();
  }
}
