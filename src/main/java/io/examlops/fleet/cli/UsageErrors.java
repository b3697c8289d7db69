package io.examlops.fleet.cli;

import io.examlops.fleet.model.OneLine;
import java.util.List;
import java.util.Optional;
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
        .error(
            ExitCode.USAGE,
            "invalid-argument",
            // picocli quotes arguments as given: escaped, so that no control or bidi reaches a
            // terminal
            OneLine.escaped(message(e, args)) + "; " + help);
    return ExitCode.USAGE;
  }

  private static String message(ParameterException e, String[] args) {
    String message = e.getMessage().strip();
    CommandLine line = e.getCommandLine();
    Optional<String> stray = strayOption(line, args);
    if (stray.isPresent() && takesHost(line)) {
      // picocli calls it an unknown option, or a missing HOST: neither says it cannot be a host.
      return "'"
          + stray.get()
          + "' is not an option of "
          + line.getCommandSpec().qualifiedName()
          + ", and not a host name either (a host name never starts with '-')";
    }
    if (e instanceof UnmatchedArgumentException unmatched) {
      List<String> suggestions = unmatched.getSuggestions();
      if (!suggestions.isEmpty()) {
        message += "; did you mean " + String.join(" or ", suggestions) + "?";
      }
    }
    return message;
  }

  /** The first argument that looks like an option but is none of this command's. */
  private static Optional<String> strayOption(CommandLine line, String[] args) {
    for (String arg : args) {
      if (arg.equals("--")) {
        break;
      }
      if (arg.matches("--?[A-Za-z].*")) {
        String name = arg.contains("=") ? arg.substring(0, arg.indexOf('=')) : arg;
        if (line.getCommandSpec().findOption(name) == null) {
          return Optional.of(arg);
        }
      }
    }
    return Optional.empty();
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
