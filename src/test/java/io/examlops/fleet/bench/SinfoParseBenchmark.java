package io.examlops.fleet.bench;

import io.examlops.fleet.discovery.slurm.SinfoFormat;
import io.examlops.fleet.discovery.slurm.SinfoJsonParser;
import io.examlops.fleet.discovery.slurm.SinfoSnapshot;
import io.examlops.fleet.discovery.slurm.SinfoTextParser;
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
 * Parsing a 10,000-node cluster's sinfo output: the rich text form the probe runs (GPU nodes in two
 * partitions, so 15,000 lines) and the 22.05 JSON form of the same nodes.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 2)
@Fork(1)
public class SinfoParseBenchmark {
  private static final int NODES = 10_000;
  private static final String[] STATES = {
    "idle", "mixed", "allocated", "draining", "down*", "idle~"
  };

  private String text;
  private String json;

  @Setup
  public void generate() {
    StringBuilder t = new StringBuilder();
    StringBuilder j = new StringBuilder("{\"meta\":{\"plugin\":{\"type\":\"openapi/v0.0.38\"}},");
    j.append("\"errors\":[],\"nodes\":[");
    for (int i = 0; i < NODES; i++) {
      boolean gpu = i % 2 == 0;
      String name = (gpu ? "g" : "c") + String.format("%05d", i);
      String state = STATES[i % STATES.length];
      String gres = gpu ? "gpu:a100:4(S:0-1)" : "(null)";
      String used = gpu ? "gpu:a100:" + (i % 5 == 0 ? 4 : 1) + "(IDX:0)" : "gpu:0";
      String features = gpu ? "gpu,a100,ib" : "intel,avx2";
      for (String partition : gpu ? new String[] {"gpu", "debug"} : new String[] {"cpu*"}) {
        t.append(name)
            .append("|64|512000|")
            .append(gres)
            .append('|')
            .append(used)
            .append('|')
            .append(state)
            .append('|')
            .append(partition)
            .append("|1-00:00:00|")
            .append(features)
            .append('\n');
      }
      if (i > 0) {
        j.append(',');
      }
      j.append("{\"name\":\"")
          .append(name)
          .append("\",\"cpus\":64,\"real_memory\":512000,")
          .append("\"gres\":\"")
          .append(gpu ? gres : "")
          .append("\",\"gres_used\":\"")
          .append(used)
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
          .append(features)
          .append("\"}");
    }
    text = t.toString();
    json = j.append("]}").toString();
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
