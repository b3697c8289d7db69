package io.examlops.fleet.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import picocli.CommandLine;
import picocli.CommandLine.Help;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * The man pages of the release archive, one roff page per command ({@code exa.1}, {@code
 * exa-hpc-submit.1}, ...), written from the same command tree as {@code --help}, so that they say
 * what the code does. picocli's own generator writes AsciiDoc, which needs Asciidoctor to become
 * roff; this writes roff directly. The pages are kept in the repository ({@code man/man1}, which
 * the release archive holds) since no Maven plugin that could run this during the build is at hand
 * offline: {@code scripts/man-pages.sh} writes them, and a test fails when they differ from what
 * the code says.
 */
public final class ManPages {
  private ManPages() {}

  /** Writes the man pages into the first directory, and {@link KeptUsage}'s texts the second. */
  public static void main(String[] args) throws IOException {
    if (args.length != 2) {
      throw new IllegalArgumentException("usage: ManPages MAN_DIRECTORY USAGE_DIRECTORY");
    }
    write(Path.of(args[0]));
    KeptUsage.write(Path.of(args[1]));
  }

  /** Writes every command's page into {@code directory}; returns the files written. */
  static List<Path> write(Path directory) throws IOException {
    Files.createDirectories(directory);
    CommandLine root = CommandTree.documented();
    List<Path> written = new java.util.ArrayList<>();
    write(root, directory, written);
    return written;
  }

  private static void write(CommandLine line, Path directory, List<Path> written)
      throws IOException {
    CommandSpec spec = line.getCommandSpec();
    if (spec.usageMessage().hidden()) {
      return;
    }
    Path page = directory.resolve(pageName(spec) + ".1");
    Files.writeString(page, page(spec), StandardCharsets.UTF_8);
    written.add(page);
    for (var entry : line.getSubcommands().entrySet()) {
      if (!entry.getKey().equals("help")
          && entry.getKey().equals(entry.getValue().getCommandName())) {
        write(entry.getValue(), directory, written);
      }
    }
  }

  private static String pageName(CommandSpec spec) {
    return spec.qualifiedName("-");
  }

  static String page(CommandSpec spec) {
    Help help = new Help(spec, Help.defaultColorScheme(Help.Ansi.OFF));
    StringBuilder roff = new StringBuilder();
    roff.append(".TH \"")
        .append(pageName(spec).toUpperCase(java.util.Locale.ROOT))
        .append("\" 1 \"\" \"exa\" \"HPC Fleet\"\n");
    String[] description = spec.usageMessage().description();
    roff.append(".SH NAME\n")
        .append(escape(pageName(spec)))
        .append(" \\- ")
        .append(escape(description.length == 0 ? "" : firstSentence(description[0])))
        .append('\n');
    roff.append(".SH SYNOPSIS\n.nf\n").append(escape(help.synopsis(0).stripTrailing()));
    roff.append("\n.fi\n.SH DESCRIPTION\n");
    for (String paragraph : description) {
      roff.append(".PP\n").append(escape(paragraph)).append('\n');
    }
    List<PositionalParamSpec> parameters =
        spec.positionalParameters().stream().filter(p -> !p.hidden()).toList();
    if (!parameters.isEmpty()) {
      roff.append(".SH ARGUMENTS\n");
      for (PositionalParamSpec p : parameters) {
        roff.append(".TP\n\\fI").append(escape(p.paramLabel())).append("\\fR\n");
        roff.append(escape(String.join(" ", p.renderedDescription()))).append('\n');
      }
    }
    List<OptionSpec> options = spec.options().stream().filter(o -> !o.hidden()).toList();
    if (!options.isEmpty()) {
      roff.append(".SH OPTIONS\n");
      for (OptionSpec o : options) {
        roff.append(".TP\n").append(optionTerm(o)).append('\n');
        roff.append(escape(String.join(" ", o.renderedDescription()))).append('\n');
      }
    }
    var subcommands = spec.subcommands();
    if (subcommands.keySet().stream().anyMatch(n -> !n.equals("help"))) {
      roff.append(".SH COMMANDS\n");
      subcommands.forEach(
          (name, sub) -> {
            CommandSpec s = sub.getCommandSpec();
            if (!name.equals("help") && !s.usageMessage().hidden()) {
              String[] about = s.usageMessage().description();
              roff.append(".TP\n\\fB")
                  .append(escape(name))
                  .append("\\fR\n")
                  .append(escape(about.length == 0 ? "" : firstSentence(about[0])))
                  .append(" See \\fB")
                  .append(escape(pageName(s)))
                  .append("\\fR(1).\n");
            }
          });
    }
    String[] exitCodes =
        spec.usageMessage().exitCodeList().entrySet().stream()
            .map(e -> e.getKey().strip() + "\t" + e.getValue())
            .toArray(String[]::new);
    if (exitCodes.length > 0) {
      roff.append(".SH EXIT STATUS\n");
      for (String code : exitCodes) {
        String[] parts = code.split("\t", 2);
        roff.append(".TP\n\\fB").append(parts[0]).append("\\fR\n").append(escape(parts[1]));
        roff.append('\n');
      }
    }
    if (spec.parent() != null) {
      roff.append(".SH SEE ALSO\n\\fB")
          .append(escape(pageName(Objects.requireNonNull(spec.parent()))))
          .append("\\fR(1)\n");
    }
    return roff.toString();
  }

  private static String optionTerm(OptionSpec o) {
    StringBuilder term = new StringBuilder();
    for (String name : o.names()) {
      if (term.length() > 0) {
        term.append(", ");
      }
      term.append("\\fB").append(escape(name)).append("\\fR");
    }
    if (o.arity().max() > 0) {
      term.append("=\\fI").append(escape(o.paramLabel())).append("\\fR");
    }
    return term.toString();
  }

  private static String firstSentence(String text) {
    int end = text.indexOf(". ");
    return end < 0 ? text : text.substring(0, end + 1);
  }

  /** Text as roff prints it: backslashes, hyphens and line-leading control characters escaped. */
  static String escape(String text) {
    String escaped = text.replace("\\", "\\e").replace("-", "\\-");
    StringBuilder out = new StringBuilder();
    for (String line : escaped.split("\n", -1)) {
      if (out.length() > 0) {
        out.append('\n');
      }
      out.append(line.startsWith(".") || line.startsWith("'") ? "\\&" + line : line);
    }
    return out.toString();
  }
}
