package io.examlops.fleet.scheduler;

import io.examlops.fleet.model.FleetException;
import io.examlops.fleet.model.OutputPath;
import io.examlops.fleet.model.Printable;
import io.examlops.fleet.transport.CommandResult;
import io.examlops.fleet.transport.CommandRunner;
import io.examlops.fleet.transport.ShellQuote;

/**
 * The check made before a job with an {@code --output} in another directory is sent: schedulers
 * create no directory, and a job whose output file cannot be opened runs with its output lost
 * (sbatch says nothing), so a missing or unwritable directory is refused with the fix instead.
 */
public final class OutputDirectory {
  private OutputDirectory() {}

  /**
   * Asks over the runner whether the output's directory exists and can be written; nothing when it
   * is the home directory.
   *
   * @throws FleetException naming the directory and how to make it, when it cannot be used
   */
  public static void require(CommandRunner runner, OutputPath output) {
    String dir = output == null ? null : output.directory();
    if (dir == null) {
      return;
    }
    String word = ShellQuote.path(dir);
    CommandResult result = runner.run("test -d " + word + " && test -w " + word);
    if (!result.ok()) {
      throw FleetException.invalid(
          "the output directory "
              + Printable.quoted(dir)
              + " does not exist or cannot be written by you on "
              + runner.target()
              + ", and the scheduler would lose the job's output; create it there (mkdir -p "
              + word
              + ") or choose another --output",
          "output");
    }
  }
}
