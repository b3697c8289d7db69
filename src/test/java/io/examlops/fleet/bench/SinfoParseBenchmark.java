package io.examlops.fleet.bench;

import io.examlops.fleet.model.NodeInfo;
import io.examlops.fleet.scheduler.slurm.SinfoFormat;
import io.examlops.fleet.scheduler.slurm.SinfoJsonParser;
import io.examlops.fleet.scheduler.slurm.SinfoSnapshot;
import io.examlops.fleet.scheduler.slurm.SinfoTextParser;
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
 * Parsing a cluster's sinfo output at three sizes (1,000, 10,000 and 50,000 nodes): the rich text
 * form the probe runs (GPU nodes in two partitions, so 1.5 lines per node) and the 22.05 JSON form
 * of the same nodes.
 *
 * <p>Run: {@code mvn -q -B -o -Pbench test-compile exec:exec -Dbench=SinfoParse}
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 2)
@Fork(1)
public class SinfoParseBenchmark {
  private static final String[] STATES = {
    "idle", "mixed", "allocated", "draining", "down*", "idle~"
  };

  @Param({"1000", "10000", "50000"})
  public int nodes;

  private String text;
  private String json;

  @Setup
  public void generate() {
    text = text(nodes);
    json = json(nodes);
  }

  /** A generated cluster's nodes as the probe's rich sinfo text. */
  static String text(int nodes) {
    StringBuilder t = new StringBuilder();
    for (int i = 0; i < nodes; i++) {
      boolean gpu = i % 2 == 0;
      String name = (gpu ? "g" : "c") + String.format("%05d", i);
      String state = STATES[i % STATES.length];
      for (String partition : gpu ? new String[] {"gpu", "debug"} : new String[] {"cpu*"}) {
        t.append(name)
            .append("|64|512000|")
            .append(gres(gpu))
            .append('|')
            .append(used(gpu, i))
            .append('|')
            .append(state)
            .append('|')
            .append(partition)
            .append("|1-00:00:00|")
            .append(features(gpu))
            .append('\n');
      }
    }
    return t.toString();
  }

  /** The same nodes as a 22.05 {@code sinfo --json} document. */
  static String json(int nodes) {
    StringBuilder j = new StringBuilder("{\"meta\":{\"plugin\":{\"type\":\"openapi/v0.0.38\"}},");
    j.append("\"errors\":[],\"nodes\":[");
    for (int i = 0; i < nodes; i++) {
      boolean gpu = i % 2 == 0;
      String name = (gpu ? "g" : "c") + String.format("%05d", i);
      String state = STATES[i % STATES.length];
      String gres = gres(gpu);
      if (i > 0) {
        j.append(',');
      }
      j.append("{\"name\":\"")
          .append(name)
          .append("\",\"cpus\":64,\"real_memory\":512000,")
          .append("\"gres\":\"")
          .append(gpu ? gres : "")
          .append("\",\"gres_used\":\"")
          .append(used(gpu, i))
          .append("\",\"state\":\"")
          .append(state.replaceAll("[*~]", ""))
          .append("\",\"state_flags\":[")
          .append(
              state.endsWith("*")
                  ? "\"NOT_RESPONDING\""
                  : state.endsWith("~") ? "\"POWERED_DOWN\"" : "")
          .append("],\"partitions\":[")
          .append(gpu ? "\"gpu\",\"debug\"" : "\"cpu\"")
          .append("],\"features\":\"")
          .append(features(gpu))
          .append("\"}");
    }
    return j.append("]}").toString();
  }

  private static String gres(boolean gpu) {
    return gpu ? "gpu:a100:4(S:0-1)" : "(null)";
  }

  private static String used(boolean gpu, int i) {
    return gpu ? "gpu:a100:" + (i % 5 == 0 ? 4 : 1) + "(IDX:0)" : "gpu:0";
  }

  private static String features(boolean gpu) {
    return gpu ? "gpu,a100,ib" : "intel,avx2";
  }

  /** The generated nodes, parsed: the inventory the other benchmarks save and place on. */
  static List<NodeInfo> nodeInfos(int nodes) {
    return SinfoTextParser.parse(SinfoFormat.RICH, text(nodes)).nodes();
  }

  @Benchmark
  public SinfoSnapshot text() {
    return SinfoTextParser.parse(SinfoFormat.RICH, text);
  }

  @Benchmark
  public SinfoSnapshot json() {
    return SinfoJsonParser.parse("sinfo -N --json", json).snapshot();
  }
}
