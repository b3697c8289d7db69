package io.examlops.fleet.scheduler.slurm;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What {@code scontrol ping} says of each controller ({@code Slurmctld(primary) at vm is DOWN}). It
 * answers at once where sinfo retries a dead controller for about ten seconds, so detection asks it
 * first.
 */
final class ControllerPing {
  private static final Pattern LINE =
      Pattern.compile("Slurmctld\\(([^)]*)\\) at (\\S+) is (UP|DOWN)\\b.*");

  private ControllerPing() {}

  /** Each controller the output names, as {@code primary at vm is DOWN}. */
  static List<String> controllers(String stdout) {
    return stdout
        .lines()
        .map(String::strip)
        .map(LINE::matcher)
        .filter(Matcher::matches)
        .map(m -> m.group(1) + " at " + m.group(2) + " is " + m.group(3))
        .toList();
  }

  /** Whether the output names controllers and every one of them is DOWN. */
  static boolean allDown(String stdout) {
    List<String> controllers = controllers(stdout);
    return !controllers.isEmpty() && controllers.stream().allMatch(c -> c.endsWith(" is DOWN"));
  }
}
