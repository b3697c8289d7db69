package io.examlops.fleet.faults;

import static org.assertj.core.api.Assertions.assertThat;

import io.examlops.fleet.cli.ExaProcess;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A row of hpc_jobs that no exa wrote (a state it does not know, a time it cannot read): {@code exa
 * hpc jobs} exits 6 naming platform.db and a fix, never a Java message.
 */
class DamagedJobRowsIT {
  @TempDir Path root;
  private Path db;
  private ExaProcess exa;

  @BeforeEach
  void anActiveMockCluster() throws Exception {
    db = root.resolve("data/platform.db");
    exa = ExaProcess.onStores(root, root.resolve("clusters.yaml"), db);
    assertThat(
            exa.run("hpc", "connect", "local", "--name", "demo", "--scheduler", "mock").exitCode())
        .isZero();
    assertThat(exa.run("hpc", "approve", "demo").exitCode()).isZero();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {"'x', 'EXPLODED', '2026-01-01T00:00:00Z'", "'x', 'COMPLETED', 'yesterday'"})
  void aDamagedRowExitsSixNamingTheFileAndAFix(String values) throws Exception {
    try (var c = DriverManager.getConnection("jdbc:sqlite:" + db);
        var s = c.createStatement()) {
      s.execute("PRAGMA ignore_check_constraints = ON");
      s.execute(
          "INSERT INTO hpc_jobs (cluster, name, state, submitted_at, submitted_by)"
              + " VALUES ('demo', "
              + values
              + ", 'ann')");
    }

    ExaProcess.Result listed = exa.run("hpc", "jobs");

    assertThat(listed.exitCode()).as(listed.all()).isEqualTo(6);
    assertThat(listed.err()).contains(db.toString()).contains("restore");
    for (String java : List.of("No enum constant", "Exception", "java.")) {
      assertThat(listed.all()).doesNotContain(java);
    }
  }
}
