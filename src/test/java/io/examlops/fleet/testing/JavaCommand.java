package io.examlops.fleet.testing;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The command line that runs a class of this build in a JVM of its own, as a real process. */
public final class JavaCommand {
  private JavaCommand() {}

  /** {@code java -cp <test class path> <start-up flags> JVM_OPTIONS MAIN ARGS}. */
  public static List<String> of(Class<?> main, List<String> jvmOptions, List<String> args) {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.add("-cp");
    command.add(System.getProperty("java.class.path"));
    command.add("-Xshare:auto");
    command.add("-XX:TieredStopAtLevel=1");
    command.addAll(jvmOptions);
    command.add(main.getName());
    command.addAll(args);
    return command;
  }
}
