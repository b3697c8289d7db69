package io.examlops.fleet.scheduler.flux;

import io.examlops.fleet.testing.Fixtures;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The live flux-core 0.88 captures under {@code fixtures/flux/live-0.88/} (see the README there):
 * each capture's stdout, stderr and exact command.
 */
public final class LiveFlux {
  private static final Pattern FORMAT = Pattern.compile("-o \"([^\"]+)\"");

  private LiveFlux() {}

  /** {@code stdout("B-gpu-queues-test5/74b-jobs-a-custom")}. */
  public static String stdout(String capture) {
    return Fixtures.flux("live-0.88/" + capture + ".stdout");
  }

  public static String stderr(String capture) {
    return Fixtures.flux("live-0.88/" + capture + ".stderr");
  }

  /** The {@code flux jobs -o "..."} field list the capture was taken with. */
  public static FluxJobsFormat jobsFormat(String capture) {
    String command = Fixtures.flux("live-0.88/" + capture + ".cmd");
    Matcher m = FORMAT.matcher(command);
    if (!m.find()) {
      throw new IllegalArgumentException(capture + " has no -o \"...\" format");
    }
    List<String> fields =
        Arrays.stream(m.group(1).split("\\\\?\\|")).map(f -> f.replaceAll("[{}]", "")).toList();
    return new FluxJobsFormat(fields);
  }

  /** The capture's stdout without the header line {@code flux jobs} prints without {@code -n}. */
  public static String withoutHeader(String capture) {
    String out = stdout(capture);
    return out.substring(out.indexOf('\n') + 1);
  }
}
