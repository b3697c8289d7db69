package io.examlops.fleet.cli;

import io.examlops.fleet.Fleet;
import io.examlops.fleet.StandardSchedulers;
import io.examlops.fleet.testing.StopAt;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;

/**
 * {@code exa} as {@link Exa#main} runs it, with its stores' writes stopping where the test's {@link
 * StopAt} property says: what a kill -9 at a write step leaves behind; and with its clock ahead of
 * the real one by the test's {@value #CLOCK_AHEAD} property (an ISO-8601 duration), so that a
 * period (a submission's grace) has passed without waiting for it.
 */
public final class ExaWithWriteStops {
  /** The test's own property: the product reads none. */
  public static final String CLOCK_AHEAD = "examlops.test.clock-ahead";

  private ExaWithWriteStops() {}

  public static void main(String[] args) {
    Map<String, String> env = System.getenv();
    Exa.prepareProcess(env, args);
    PrintWriter out = new PrintWriter(System.out, true, StandardCharsets.UTF_8);
    PrintWriter err = new PrintWriter(System.err, true, StandardCharsets.UTF_8);
    System.exit(
        Exa.execute(
            args,
            env,
            out,
            err,
            (settings, clock) ->
                Fleet.of(
                    settings,
                    Clock.offset(clock, Duration.parse(System.getProperty(CLOCK_AHEAD, "PT0S"))),
                    StandardSchedulers.adapters(),
                    StopAt.fromSystemProperty())));
  }
}
