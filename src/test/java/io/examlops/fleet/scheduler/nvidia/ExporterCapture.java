package io.examlops.fleet.scheduler.nvidia;

import io.examlops.fleet.testing.Fixtures;

/**
 * Reads one command's output out of an nvidia_gpu_exporter capture file (fixtures/nvidia/
 * nvidia_gpu_exporter/), which holds many commands, each under a banner of '#' lines naming {@code
 * <state> :: <what>} and the command.
 */
final class ExporterCapture {
  private static final String RULE = "#".repeat(80);

  private ExporterCapture() {}

  /**
   * The output under the banner whose title starts with {@code title}, e.g. "idle :: query-gpu".
   */
  static String section(String capture, String title) {
    String text = Fixtures.nvidia("nvidia_gpu_exporter/" + capture + ".txt");
    String[] parts = text.split(RULE + "\\R", -1);
    for (int i = 0; i + 1 < parts.length; i++) {
      if (parts[i].startsWith("# " + title)) {
        return parts[i + 1];
      }
    }
    throw new IllegalArgumentException("no section '" + title + "' in " + capture);
  }

  static String xmlFixture(String path) {
    return Fixtures.nvidia(path);
  }
}
