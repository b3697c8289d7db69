package io.examlops.fleet.cli;

import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.IParameterExceptionHandler;
import picocli.CommandLine.Model.PositionalParamSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * A command line picocli could not parse: one line saying what is wrong and where to look, exit 2;
 * with {@code --json} also the documented error object on stdout, since parsing failed before the
 * command could know it was asked for JSON.
 */
final class UsageErrors implements IParameterExceptionHandler {

  @Override
  public int handleParseException(ParameterException e, String[] args) {
    CommandLine line = e.getCommandLine();
    boolean json = jsonAsked(args);
    String help = "see `" + line.getCommandSpec().qualifiedName() + " --help`";
    new Output(json, line.getOut(), line.getErr())
        .error(ExitCode.USAGE, "invalid-argument", message(e) + "; " + help);
    return ExitCode.USAGE;
  }

  private static String message(ParameterException e) {
    String message = e.getMessage().strip();
    if (e instanceof UnmatchedArgumentException unmatched) {
      List<String> arguments = unmatched.getUnmatched();
      String first = arguments.isEmpty() ? "" : arguments.get(0);
      if (first.startsWith("-") && takesHost(e.getCommandLine())) {
        return "'"
            + first
            + "' is not an option of "
            + e.getCommandLine().getCommandSpec().qualifiedName()
            + ", and not a host name either (a host name never starts with '-')";
      }
      List<String> suggestions = unmatched.getSuggestions();
      if (!suggestions.isEmpty()) {
        message += "; did you mean " + String.join(" or ", suggestions) + "?";
      }
    }
    return message;
  }

  private static boolean takesHost(CommandLine line) {
    return line.getCommandSpec().positionalParameters().stream()
        .map(PositionalParamSpec::paramLabel)
        .anyMatch(label -> label.startsWith("HOST"));
  }

  /** Whether {@code --json} is among the options (before a {@code --} that ends them). */
  private static boolean jsonAsked(String[] args) {
    for (String arg : args) {
      if (arg.equals("--")) {
        return false;
      }
      if (arg.equals("--json")) {
        return true;
      }
    }
    return false;
  }
}
