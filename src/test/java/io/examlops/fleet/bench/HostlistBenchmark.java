package io.examlops.fleet.bench;

import io.examlops.fleet.hostlist.Hostlist;
import io.examlops.fleet.hostlist.Hostlist.Dialect;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Expands and compresses a 100,000-host cluster: four node classes with their own prefixes and
 * padding, drained or retired nodes leaving gaps, and a few literal service hosts.
 *
 * <p>Run: {@code mvn -q -B -o -Pbench test-compile exec:exec -Dbench=Hostlist}
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class HostlistBenchmark {
  static final int HOSTS = 100_000;

  private List<String> hosts;
  private String hostlist;
  private String slurmRacks;

  @Setup
  public void buildCluster() {
    hosts = cluster();
    hostlist = Hostlist.compress(hosts);
    slurmRacks = "rack[001-050]-node[0001-2000]";
    if (Hostlist.expand(hostlist).size() != HOSTS
        || Hostlist.count(slurmRacks, Dialect.SLURM) != HOSTS) {
      throw new IllegalStateException("benchmark cluster is not " + HOSTS + " hosts");
    }
  }

  /** The benchmark's 100,000 host names, in cluster order. */
  static List<String> cluster() {
    List<String> hosts = new ArrayList<>(HOSTS);
    addNodes(hosts, "cn", 5, 70_000, 97);
    addNodes(hosts, "gpu", 4, 20_000, 41);
    addNodes(hosts, "bigmem-", 3, 6_000, 13);
    hosts.add("login1");
    hosts.add("login2");
    hosts.add("mgmt");
    addNodes(hosts, "rack7-n", 0, HOSTS - hosts.size(), 7);
    return hosts;
  }

  /**
   * {@code count} nodes numbered from 1 at the given padding, skipping every {@code gapEvery}th.
   */
  private static void addNodes(
      List<String> hosts, String prefix, int width, int count, int gapEvery) {
    int added = 0;
    for (int id = 1; added < count; id++) {
      if (id % gapEvery == 0) {
        continue;
      }
      String digits = Integer.toString(id);
      hosts.add(prefix + "0".repeat(Math.max(0, width - digits.length())) + digits);
      added++;
    }
  }

  @Benchmark
  public List<String> expand() {
    return Hostlist.expand(hostlist);
  }

  @Benchmark
  public String compress() {
    return Hostlist.compress(hosts);
  }

  @Benchmark
  public List<String> expandSlurmRacks() {
    return Hostlist.expand(slurmRacks, Dialect.SLURM);
  }
}
