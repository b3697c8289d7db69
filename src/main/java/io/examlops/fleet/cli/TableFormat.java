package io.examlops.fleet.cli;

import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * How a command prints its table, with the habits of sinfo and squeue: {@code --noheader}, {@code
 * -o/--format} to choose columns and {@code --parsable} for scripts. Only the options live here;
 * {@link Table} applies them, so every table obeys them alike. {@code -h} stays help, as everywhere
 * in exa. With {@code --json} they change nothing: JSON always carries every field.
 */
final class TableFormat {
  @Option(
      names = "--noheader",
      description = "Leave out the header line of the table (as sinfo and squeue --noheader).")
  boolean noHeader;

  @Option(
      names = {"-o", "--format"},
      paramLabel = "COLUMNS",
      description =
          "Print only these columns, in this order: column names as the header shows them,"
              + " comma-separated, any case (e.g. -o name,state).")
  String columns;

  @Option(
      names = "--parsable",
      description =
          "Separate cells with '|' and pad nothing, for scripts (a '|' or '\\' inside a cell is"
              + " escaped with '\\').")
  boolean parsable;

  @Spec(Spec.Target.MIXEE)
  CommandSpec command;

  /** A usage error (exit 2) of the command these options belong to. */
  CommandLine.ParameterException refused(String message) {
    return new CommandLine.ParameterException(command.commandLine(), message);
  }
}
