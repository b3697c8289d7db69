package io.examlops.fleet.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What one in-process {@code exa} invocation printed and returned.
 *
 * @param exitCode the exit code
 * @param out standard output
 * @param err standard error
 */
public record ExaRun(int exitCode, String out, String err) {

  /** Runs {@code exa ARGS} with the given environment. */
  public static ExaRun run(Map<String, String> env, String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = Exa.execute(args, env, new PrintWriter(out, true), new PrintWriter(err, true));
    return new ExaRun(code, out.toString(), err.toString());
  }

  /** Runs {@code exa} with {@code head} then {@code tail} as arguments. */
  public static ExaRun run(Map<String, String> env, String[] head, String... tail) {
    List<String> args = new ArrayList<>(List.of(head));
    args.addAll(List.of(tail));
    return run(env, args.toArray(String[]::new));
  }
}
