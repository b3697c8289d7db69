package io.examlops.fleet.bench;

import io.examlops.fleet.scheduler.flux.FluxCommands;
import io.examlops.fleet.scheduler.flux.FluxNodes;
import io.examlops.fleet.scheduler.flux.FluxQueue;
import io.examlops.fleet.scheduler.flux.FluxQueues;
import io.examlops.fleet.scheduler.flux.FluxRParser;
import io.examlops.fleet.scheduler.flux.FluxResourceSet;
import io.examlops.fleet.scheduler.flux.FluxStatusLine;
import io.examlops.fleet.scheduler.flux.FluxStatusParser;
import io.examlops.fleet.scheduler.flux.FluxStatusParser.Format;
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
 * Parses a generated 10,000-node Flux instance as the probe reads it: R JSON of all, allocated and
 * down resources, and the per-node status lines, then joins them into nodes. The shapes follow the
 * captured 0.88.0 outputs (fixtures/flux): 2,000 GPU nodes (64 cores, 8 GPUs), 8,000 CPU nodes,
 * per-rank allocations that fragment R_lite, 2% drained nodes with their own reason lines. Run:
 * {@code mvn -q -B -o -Pbench test-compile exec:exec -Dbench=FluxResource}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(1)
public class FluxResourceParseBenchmark {
  static final int NODES = 10_000;
  static final int GPU_NODES = 2_000;

  String all;
  String allocated;
  String down;
  String status;
  FluxQueues queues;

  @Setup
  public void generate() {
    String nodelist = "\"nodelist\": [\"node[00001-" + NODES + "]\"]";
    all =
        "{\"version\": 1, \"execution\": {\"R_lite\": ["
            + "{\"rank\": \"0-"
            + (GPU_NODES - 1)
            + "\", \"children\": {\"core\": \"0-63\", \"gpu\": \"0-7\"}},"
            + " {\"rank\": \""
            + GPU_NODES
            + "-"
            + (NODES - 1)
            + "\", \"children\": {\"core\": \"0-63\"}}],"
            + " \"starttime\": 0.0, \"expiration\": 0.0, "
            + nodelist
            + ","
            + " \"properties\": {\"gpu\": \"0-"
            + (GPU_NODES - 1)
            + "\", \"batch\": \"0-"
            + (NODES - 1)
            + "\"}}}";
    StringBuilder entries = new StringBuilder();
    StringBuilder allocatedHosts = new StringBuilder();
    for (int rank = 0; rank < NODES; rank++) {
      if (rank % 3 == 2) {
        continue; // a third of the nodes is free
      }
      boolean gpu = rank < GPU_NODES;
      String cores = rank % 3 == 0 ? "0-63" : "0-" + (rank % 60);
      String gpus = gpu ? (rank % 3 == 0 ? "0-7" : "0-" + (rank % 7)) : null;
      entries
          .append(entries.length() == 0 ? "" : ", ")
          .append("{\"rank\": \"")
          .append(rank)
          .append("\", \"children\": {\"core\": \"")
          .append(cores)
          .append('"')
          .append(gpus == null ? "" : ", \"gpu\": \"" + gpus + "\"")
          .append("}}");
      allocatedHosts.append(allocatedHosts.length() == 0 ? "" : ",").append(host(rank));
    }
    allocated =
        "{\"version\": 1, \"execution\": {\"R_lite\": ["
            + entries
            + "], \"starttime\": 0.0, \"expiration\": 0.0, \"nodelist\": [\""
            + allocatedHosts
            + "\"]}}";
    StringBuilder downEntries = new StringBuilder();
    StringBuilder downHosts = new StringBuilder();
    StringBuilder statusLines = new StringBuilder();
    StringBuilder availRanks = new StringBuilder();
    for (int rank = 0; rank < NODES; rank++) {
      if (rank % 50 == 7) {
        downEntries
            .append(downEntries.length() == 0 ? "" : ", ")
            .append("{\"rank\": \"")
            .append(rank)
            .append("\", \"children\": {\"core\": \"0-63\"}}");
        downHosts.append(downHosts.length() == 0 ? "" : ",").append(host(rank));
        statusLines
            .append("drained|drained|online|")
            .append(rank)
            .append('|')
            .append(host(rank))
            .append("|1795974882.0|bad dimm ")
            .append(rank)
            .append(" (EDAC|CE)\n");
      } else {
        availRanks.append(availRanks.length() == 0 ? "" : ",").append(rank);
      }
    }
    down =
        "{\"version\": 1, \"execution\": {\"R_lite\": ["
            + downEntries
            + "], \"starttime\": 0.0, \"expiration\": 0.0, \"nodelist\": [\""
            + downHosts
            + "\"]}}";
    status =
        "avail|avail|online|"
            + availRanks
            + "|node[00001-"
            + NODES
            + "]||\n"
            + "allocated|allocated|online|0-"
            + (NODES - 1)
            + "|node[00001-"
            + NODES
            + "]||\n"
            + statusLines;
    queues = new FluxQueues(List.of(new FluxQueue("batch", List.of("batch"), null)), "batch");
  }

  private static String host(int rank) {
    return String.format("node%05d", rank + 1);
  }

  @Benchmark
  public FluxResourceSet parseAll() {
    return FluxRParser.parse(FluxCommands.R_ALL, all);
  }

  @Benchmark
  public FluxResourceSet parseAllocated() {
    return FluxRParser.parse(FluxCommands.R_ALLOCATED, allocated);
  }

  @Benchmark
  public FluxResourceSet parseDown() {
    return FluxRParser.parse("flux resource R -s down", down);
  }

  @Benchmark
  public List<FluxStatusLine> parseStatus() {
    return FluxStatusParser.parse(FluxCommands.status(Format.CURRENT), Format.CURRENT, status);
  }

  /** What one probe run does with the outputs: parse all three and join them per node. */
  @Benchmark
  public FluxNodes parseAndJoin() {
    return FluxNodes.assemble(
        FluxRParser.parse(FluxCommands.R_ALL, all),
        FluxRParser.parse(FluxCommands.R_ALLOCATED, allocated),
        FluxStatusParser.parse(FluxCommands.status(Format.CURRENT), Format.CURRENT, status),
        queues);
  }
}
