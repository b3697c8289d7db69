package io.examlops.fleet.jenkins;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** {@code exa console --port 0} in a process of its own, and the address it listens on. */
final class RunningConsole implements AutoCloseable {
  private static final Pattern LISTENING =
      Pattern.compile("listening on (http://127\\.0\\.0\\.1:\\d+)/");

  private final Process process;
  private final String address;

  private RunningConsole(Process process, String address) {
    this.process = process;
    this.address = address;
  }

  /** Starts {@code exa console --port 0}, {@code exa} being the command given, with {@code env}. */
  static RunningConsole start(String exa, Map<String, String> env) throws IOException {
    ProcessBuilder starting =
        new ProcessBuilder(List.of(exa, "console", "--port", "0")).redirectErrorStream(true);
    starting.environment().clear();
    starting.environment().putAll(env);
    Process process = starting.start();
    try {
      return new RunningConsole(process, listeningAddress(process));
    } catch (IOException | AssertionError e) {
      process.destroyForcibly();
      throw e;
    }
  }

  /** The console's address, e.g. {@code http://127.0.0.1:41234}. */
  String address() {
    return address;
  }

  /** The console's address, from the line it prints once it listens; its output drained after. */
  static String listeningAddress(Process console) throws IOException {
    BufferedReader out =
        new BufferedReader(new InputStreamReader(console.getInputStream(), StandardCharsets.UTF_8));
    StringBuilder seen = new StringBuilder();
    for (String line = out.readLine(); line != null; line = out.readLine()) {
      seen.append(line).append('\n');
      Matcher m = LISTENING.matcher(line);
      if (m.find()) {
        Thread drain = new Thread(() -> out.lines().forEach(l -> {}));
        drain.setDaemon(true);
        drain.start();
        return m.group(1);
      }
    }
    throw new AssertionError("the console did not start:\n" + seen);
  }

  @Override
  public void close() throws InterruptedException {
    process.destroy();
    if (!process.waitFor(20, TimeUnit.SECONDS)) {
      process.destroyForcibly();
    }
  }
}
