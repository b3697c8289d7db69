package io.examlops.fleet.bench;

import io.examlops.fleet.model.NodeInfo;
import io.examlops.fleet.placement.ClusterGate;
import io.examlops.fleet.placement.Freshness;
import io.examlops.fleet.placement.PlaceRequest;
import io.examlops.fleet.placement.PlaceResult;
import io.examlops.fleet.placement.Placement;
import io.examlops.fleet.placement.PlacementCandidate;
import io.examlops.fleet.scheduler.NodeInventory;
import io.examlops.fleet.scheduler.slurm.SlurmAdapter;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
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
import org.openjdk.jmh.annotations.Warmup;

/**
 * One placement decision over a fleet of ACTIVE clusters with fresh snapshots of 5,000 nodes each
 * (half of them GPU nodes in two partitions, in six states), at 50, 100 and 200 clusters: on
 * candidates whose snapshots are already summed (a long-lived process deciding again), and with
 * each snapshot summed first (one {@code exa hpc place} process, which reads them once).
 *
 * <p>Run: {@code mvn -q -B -o -Pbench test-compile exec:exec -Dbench=Placement}
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 2)
@Fork(value = 1, jvmArgs = "-Xmx4g")
public class PlacementBenchmark {
  private static final int NODES_PER_CLUSTER = 5_000;

  @Param({"50", "100", "200"})
  public int clusters;

  private List<PlacementCandidate> candidates;
  private List<NodeInventory> snapshots;
  private Instant now;
  private final Placement placement = new Placement(Freshness.DEFAULT);

  @Setup
  public void buildFleet() {
    now = Instant.now();
    List<NodeInfo> nodes = SinfoParseBenchmark.nodeInfos(NODES_PER_CLUSTER);
    snapshots = new ArrayList<>(clusters);
    for (int i = 0; i < clusters; i++) {
      snapshots.add(new NodeInventory(SlurmAdapter.KIND, "local", now.minusSeconds(60 + i), nodes));
    }
    candidates = candidates(snapshots);
  }

  private static List<PlacementCandidate> candidates(List<NodeInventory> snapshots) {
    List<PlacementCandidate> candidates = new ArrayList<>(snapshots.size());
    for (int i = 0; i < snapshots.size(); i++) {
      candidates.add(
          new PlacementCandidate(
              String.format("c%03d", i),
              ClusterGate.active(),
              SlurmAdapter.KIND,
              null,
              snapshots.get(i)));
    }
    return candidates;
  }

  @Benchmark
  public PlaceResult eightGpus() {
    return placement.place(PlaceRequest.gpus(8), candidates, now);
  }

  @Benchmark
  public PlaceResult eightGpusSummingEachSnapshot() {
    return placement.place(PlaceRequest.gpus(8), candidates(snapshots), now);
  }
}
