package io.examlops.fleet.bench;

import io.examlops.fleet.Fleet;
import io.examlops.fleet.discovery.HostTarget;
import io.examlops.fleet.governance.ApproveRequest;
import io.examlops.fleet.governance.ConnectRequest;
import io.examlops.fleet.jobs.JobOptions;
import io.examlops.fleet.jobs.ScriptSource;
import io.examlops.fleet.jobs.SubmitRequest;
import io.examlops.fleet.model.Actor;
import io.examlops.fleet.testing.TestFleets;
import java.nio.file.Path;
import java.util.Map;

/**
 * The fleets of scripts/bench/registry-sizes.sh, made in one process through the application API:
 * {@code CLUSTERS} approved mock clusters and {@code JOBS} tracked jobs spread over them, in the
 * registry and platform.db under DIR (what {@code exa} finds with {@code EXAMLOPS_HPC_REGISTRY} =
 * DIR/clusters.yaml and {@code EXAMLOPS_DATA_DIR} = DIR).
 *
 * <p>Args: DIR CLUSTERS JOBS.
 */
public final class RegistryBenchFleet {
  private static final Actor BENCH = new Actor("bench", "cli");

  private RegistryBenchFleet() {}

  public static void main(String[] args) {
    Path dir = Path.of(args[0]);
    int clusters = Integer.parseInt(args[1]);
    int jobs = Integer.parseInt(args[2]);
    Fleet fleet =
        TestFleets.fleet(
            Map.of(
                "EXAMLOPS_HPC_REGISTRY", dir.resolve("clusters.yaml").toString(),
                "EXAMLOPS_DATA_DIR", dir.toString()));
    for (int i = 0; i < clusters; i++) {
      fleet
          .governance()
          .connect(BENCH, new ConnectRequest(name(i), HostTarget.of(HostTarget.LOCAL), "mock"));
      fleet.governance().approve(BENCH, new ApproveRequest(name(i)));
    }
    ScriptSource script = ScriptSource.text("job.sh", "#!/bin/bash\ntrue\n");
    for (int j = 0; j < jobs; j++) {
      fleet
          .jobs()
          .submit(
              BENCH, new SubmitRequest(script, "bench-" + j, JobOptions.on(name(j % clusters), 1)));
    }
  }

  private static String name(int i) {
    return String.format("c%03d", i);
  }
}
