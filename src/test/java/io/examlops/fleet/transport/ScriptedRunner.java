package io.examlops.fleet.transport;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A {@link CommandRunner} for probe tests that answers each command with a real captured output. A
 * command it has no answer for behaves like a missing program: exit 127, "command not found". Only
 * for schedulers that cannot run here (Flux, nvidia-smi) and for parser-level probe tests;
 * integration tests use the real testbed.
 */
public final class ScriptedRunner implements CommandRunner {
  private final Map<String, CommandResult> answers = new LinkedHashMap<>();
  private final List<String> commands = new ArrayList<>();
  private final List<String> inputs = new ArrayList<>();

  /** Answers a command that starts with {@code commandPrefix}; the longest matching prefix wins. */
  public ScriptedRunner answer(String commandPrefix, int exitCode, String stdout, String stderr) {
    answers.put(commandPrefix, new CommandResult(commandPrefix, exitCode, stdout, stderr, false));
    return this;
  }

  public ScriptedRunner answer(String commandPrefix, String stdout) {
    return answer(commandPrefix, 0, stdout, "");
  }

  @Override
  public CommandResult run(String command, byte[] stdin) {
    commands.add(command);
    inputs.add(new String(stdin, StandardCharsets.UTF_8));
    String best = null;
    for (String prefix : answers.keySet()) {
      if (command.startsWith(prefix) && (best == null || prefix.length() > best.length())) {
        best = prefix;
      }
    }
    if (best == null) {
      String program = command.split("\\s+", 2)[0];
      return new CommandResult(command, 127, "", "sh: 1: " + program + ": not found\n", false);
    }
    CommandResult r = answers.get(best);
    return new CommandResult(command, r.exitCode(), r.stdout(), r.stderr(), r.truncated());
  }

  @Override
  public String target() {
    return "scripted";
  }

  @Override
  public int commandsRun() {
    return commands.size();
  }

  /** The commands run so far, in order. */
  public List<String> commands() {
    return List.copyOf(commands);
  }

  /**
   * What each command got on stdin (UTF-8; empty when nothing), in the order of {@link
   * #commands()}.
   */
  public List<String> inputs() {
    return List.copyOf(inputs);
  }

  @Override
  public void close() {}
}
