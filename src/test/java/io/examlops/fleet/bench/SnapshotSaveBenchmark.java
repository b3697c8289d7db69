package io.examlops.fleet.bench;

import io.examlops.fleet.json.FleetJson;
import io.examlops.fleet.model.Actor;
import io.examlops.fleet.model.ClusterDefinition;
import io.examlops.fleet.model.Fingerprints;
import io.examlops.fleet.model.NodeInfo;
import io.examlops.fleet.model.NodeSnapshot;
import io.examlops.fleet.registry.ClusterRegistry;
import io.examlops.fleet.scheduler.mock.MockAdapter;
import io.examlops.fleet.testing.TestFleets;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Saving a node snapshot into a real platform.db file: the registry's one transaction with batched
 * inserts, at three sizes, against what a straightforward program does, one insert per node with
 * autocommit (each its own transaction, so its own WAL commit), on the same schema and file kind.
 *
 * <p>Run: {@code mvn -q -B -o -Pbench test-compile exec:exec -Dbench=SnapshotSave}
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2)
@Measurement(iterations = 5)
@Fork(1)
public class SnapshotSaveBenchmark {

  /** A registry with one registered cluster and the nodes to save. */
  abstract static class Db {
    Path dir;
    ClusterRegistry registry;
    List<NodeInfo> inventory;

    void open(int nodes) throws IOException {
      dir = Files.createTempDirectory("snapshot-bench-");
      registry =
          ClusterRegistry.open(
              TestFleets.settings(
                  Map.of(
                      "HOME",
                      dir.toString(),
                      "EXAMLOPS_HPC_REGISTRY",
                      dir.resolve("clusters.yaml").toString(),
                      "EXAMLOPS_DATA_DIR",
                      dir.toString())),
              Clock.systemUTC());
      registry.register(
          ClusterDefinition.local("bench", MockAdapter.KIND),
          Fingerprints.NONE,
          null,
          Actor.cli("bench"));
      inventory = SinfoParseBenchmark.nodeInfos(nodes);
    }

    @TearDown
    public void delete() throws IOException {
      try (var paths = Files.walk(dir)) {
        for (Path p : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
          Files.delete(p);
        }
      }
    }
  }

  @State(Scope.Benchmark)
  public static class Registry extends Db {
    @Param({"1000", "10000", "30000"})
    public int nodes;

    @Setup
    public void setUp() throws IOException {
      open(nodes);
    }
  }

  @State(Scope.Benchmark)
  public static class RowByRow extends Db {
    @Param({"1000", "10000"})
    public int nodes;

    Connection connection;

    @Setup
    public void setUp() throws IOException, SQLException {
      open(nodes);
      connection = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("platform.db"));
      try (Statement s = connection.createStatement()) {
        s.execute("PRAGMA busy_timeout=5000");
      }
    }

    @TearDown
    public void close() throws SQLException {
      connection.close();
    }
  }

  @Benchmark
  public NodeSnapshot registry(Registry db) {
    return db.registry.saveSnapshot("bench", db.inventory, Actor.cli("bench"));
  }

  @Benchmark
  public int rowByRowAutocommit(RowByRow db) throws SQLException {
    long snapshot;
    try (Statement s = db.connection.createStatement()) {
      s.executeUpdate(
          "INSERT INTO hpc_node_snapshots (cluster, taken_at, taken_by, node_count)"
              + " VALUES ('bench', '2026-01-01T00:00:00Z', 'bench', "
              + db.inventory.size()
              + ")");
      try (var keys = s.executeQuery("SELECT last_insert_rowid()")) {
        keys.next();
        snapshot = keys.getLong(1);
      }
    }
    try (PreparedStatement s =
        db.connection.prepareStatement(
            "INSERT INTO hpc_nodes (snapshot_id, position, name, cpus, memory_mb, gpu_count,"
                + " gpus_json, gpus_in_use, state, raw_state, partitions_json, features_json)"
                + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
      int position = 0;
      for (NodeInfo node : db.inventory) {
        s.setLong(1, snapshot);
        s.setInt(2, position++);
        s.setString(3, node.name());
        s.setInt(4, node.cpus());
        s.setLong(5, node.memoryMb());
        s.setInt(6, node.gpuCount());
        s.setString(7, FleetJson.compact(node.gpus()));
        s.setObject(8, node.gpusInUse());
        s.setString(9, node.state().name());
        s.setString(10, node.rawState());
        s.setString(11, FleetJson.compact(node.partitions()));
        s.setString(12, FleetJson.compact(node.features()));
        s.executeUpdate();
      }
      return position;
    }
  }
}
