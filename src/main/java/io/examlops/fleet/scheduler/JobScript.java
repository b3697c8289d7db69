package io.examlops.fleet.scheduler;

import io.examlops.fleet.model.FleetException;
import io.examlops.fleet.transport.ShellQuote;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The script as it is piped to the scheduler: the user's script with {@code export NAME='value'}
 * lines inserted after its header. Environment values may be secrets (tokens for the training job),
 * so they go into the script on stdin rather than into {@code sbatch --export} or {@code flux batch
 * --env} arguments, which any user of the login node can read in the process list.
 *
 * <p>The header is the interpreter line and the comment and blank lines after it: {@code #SBATCH}
 * lines count only before the first command, and Flux refuses {@code # flux:} directives after one,
 * so the exports go right after the header and the directives keep working.
 */
public final class JobScript {
  private static final Set<String> POSIX_SHELLS = Set.of("sh", "bash", "dash", "ksh", "zsh");
  private static final Pattern NEWLINE = Pattern.compile("(?<=\n)");

  private JobScript() {}

  public static byte[] render(JobSpec request) {
    return text(request.script(), request.environment()).getBytes(StandardCharsets.UTF_8);
  }

  /**
   * As {@link #render}, with {@code recording} (shell lines) run before the user's commands. A
   * script for another interpreter cannot run them and goes without.
   */
  public static byte[] render(JobSpec request, List<String> recording) {
    String script = request.script();
    List<String> lines = new ArrayList<>(exports(request.environment()));
    if (isPosixShell(script.lines().findFirst().orElse(""))) {
      lines.addAll(recording);
    }
    return insert(script, lines).getBytes(StandardCharsets.UTF_8);
  }

  public static String text(String script, Map<String, String> environment) {
    return insert(script, exports(environment));
  }

  private static List<String> exports(Map<String, String> environment) {
    List<String> lines = new ArrayList<>();
    environment.forEach(
        (name, value) -> lines.add("export " + name + "=" + ShellQuote.quote(value)));
    return lines;
  }

  /** The script with {@code inserted} lines after its header. */
  private static String insert(String script, List<String> inserted) {
    if (inserted.isEmpty()) {
      return script;
    }
    String[] lines = NEWLINE.split(script, -1);
    requirePosixShell(lines[0]);
    int header = 1;
    while (header < lines.length && isHeaderLine(lines[header])) {
      header++;
    }
    StringBuilder out = new StringBuilder(script.length() + 64 * inserted.size());
    for (int i = 0; i < header; i++) {
      out.append(lines[i]);
    }
    if (!out.toString().endsWith("\n")) {
      out.append('\n');
    }
    inserted.forEach(line -> out.append(line).append('\n'));
    for (int i = header; i < lines.length; i++) {
      out.append(lines[i]);
    }
    return out.toString();
  }

  private static boolean isHeaderLine(String line) {
    String t = line.strip();
    return t.isEmpty() || t.startsWith("#");
  }

  private static boolean isPosixShell(String interpreterLine) {
    String[] words = interpreterLine.substring(2).strip().split("\\s+");
    String program = words[0].substring(words[0].lastIndexOf('/') + 1);
    if (program.equals("env") && words.length > 1) {
      program = words[1];
    }
    return POSIX_SHELLS.contains(program);
  }

  /** {@code export} is shell syntax: refuse to add it to a Python or Perl script. */
  private static void requirePosixShell(String interpreterLine) {
    if (!isPosixShell(interpreterLine)) {
      throw FleetException.invalid(
          "environment variables are exported with shell syntax, but the script runs with '"
              + interpreterLine.strip()
              + "'; use a #!/bin/bash (or sh) wrapper script",
          "script");
    }
  }
}
