package io.examlops.fleet.scheduler.flux;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.examlops.fleet.testing.Fixtures;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads the captured Flux outputs under {@code fixtures/flux/} (see the README there) and projects
 * captures taken with a wider {@code -o} field list onto the fields the probe asks for. The
 * projection only drops columns of real lines; it never invents values.
 */
final class FluxFixtures {
  private static final ObjectMapper JSON = new ObjectMapper();

  private FluxFixtures() {}

  static String read(String path) {
    return Fixtures.flux(path);
  }

  /** One member ({@code all}, {@code allocated}, {@code down}) of a sched-status RPC capture. */
  static String member(String path, String name) {
    try {
      return JSON.writeValueAsString(JSON.readTree(read(path)).get(name));
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  /**
   * The gpu instance's state C status, captured with {@code
   * {state}|{statex}|{status}|{up}|{up.ascii}|{nnodes}|{ranks}|{nodelist}|{timestamp}|{reason}} and
   * a header, as the probe's {@code
   * {state}|{statex}|{status}|{ranks}|{nodelist}|{timestamp}|{reason}} with {@code -n}.
   */
  static String gpuMixedStatus() {
    return project(read("resource-status/resource-status-fmt-fields.txt"), 10, 0, 1, 2, 6, 7, 8, 9);
  }

  /**
   * The gpu instance's state C list, captured with {@code
   * {state}|{queue}|{properties}|{propertiesx}|{nnodes}|{ncores}|{ngpus}|{ranks}|{nodelist}|{rlist}}
   * and a header, as {@link FluxListParser#FIELDS} with {@code -n}.
   */
  static String gpuMixedList() {
    return project(read("resource-list/resource-list-fmt-all-fields.txt"), 10, 0, 2, 7, 8, 9);
  }

  private static String project(String captured, int fields, int... keep) {
    List<String> out = new ArrayList<>();
    List<String> lines = captured.lines().toList();
    for (String line : lines.subList(1, lines.size())) {
      String[] f = line.split("\\|", fields);
      List<String> kept = new ArrayList<>();
      for (int k : keep) {
        kept.add(f[k]);
      }
      out.add(String.join("|", kept));
    }
    return String.join("\n", out) + "\n";
  }
}
