package io.examlops.fleet.cli;

import io.examlops.fleet.Fleet;
import io.examlops.fleet.StandardSchedulers;
import io.examlops.fleet.testing.StopAt;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * {@code exa} as {@link Exa#main} runs it, with its stores' writes stopping where the test's {@link
 * StopAt} property says: what a kill -9 at a write step leaves behind.
 */
public final class ExaWithWriteStops {
  private ExaWithWriteStops() {}

  public static void main(String[] args) {
    Map<String, String> env = System.getenv();
    Exa.prepareProcess(env);
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
                    settings, clock, StandardSchedulers.adapters(), StopAt.fromSystemProperty())));
  }
}
