package io.examlops.fleet.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.examlops.fleet.Fleet;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * docs/cli.md against the command tree: its synopsis shows every command {@code exa} has, and its
 * synopsis and section headings name only commands it has.
 */
class CommandReferenceTest {
  private static final Path PAGE = Path.of("docs", "cli.md");
  private static final Pattern HEADING = Pattern.compile("^#+ .*?`(exa [^`]+)`");

  private static CommandLine exa;
  private static List<String> lines;

  @BeforeAll
  static void read() throws IOException {
    exa = CommandTree.complete(new Exa(Map.of(), Clock.systemUTC(), Fleet::of));
    lines = Files.readAllLines(PAGE);
  }

  @Test
  void theSynopsisShowsEveryCommand() {
    Set<String> shown = new TreeSet<>();
    for (String line : synopsis()) {
      shown.addAll(commandsOf(line));
    }
    Set<String> commands = new TreeSet<>();
    collect(exa, "exa", commands);
    assertThat(shown).as("the commands the synopsis of %s shows", PAGE).containsAll(commands);
  }

  @Test
  void theSynopsisAndHeadingsNameOnlyCommandsThereAre() {
    List<String> named = new ArrayList<>(synopsis());
    for (String line : lines) {
      Matcher heading = HEADING.matcher(line);
      if (heading.find()) {
        named.add(heading.group(1));
      }
    }
    assertThat(named).hasSizeGreaterThan(20);
    for (String text : named) {
      String[] words = text.replace("[--json] ", "").split("\\s+");
      assertThat(words.length > 1 && exa.getSubcommands().containsKey(words[1]))
          .as("%s names `%s`, whose command exa does not have", PAGE, text)
          .isTrue();
    }
  }

  /** The lines of the synopsis: the first code block, each line an {@code exa} command. */
  private static List<String> synopsis() {
    int start = lines.indexOf("```");
    int end = lines.subList(start + 1, lines.size()).indexOf("```") + start + 1;
    List<String> block = lines.subList(start + 1, end);
    assertThat(block).as("the synopsis of %s", PAGE).allMatch(l -> l.startsWith("exa "));
    return block;
  }

  /**
   * The commands a synopsis line shows: its words as far as they name subcommands, the last of them
   * perhaps several ({@code user add|remove}).
   */
  private static List<String> commandsOf(String line) {
    CommandLine command = exa;
    String path = "exa";
    for (String word : line.replace("[--json] ", "").split("\\s+")) {
      if (word.equals("exa")) {
        continue;
      }
      List<String> names = List.of(word.split("\\|"));
      if (!command.getSubcommands().keySet().containsAll(names)) {
        break;
      }
      if (names.size() > 1) {
        String parent = path;
        return names.stream().map(name -> parent + " " + name).toList();
      }
      command = command.getSubcommands().get(word);
      path = path + " " + word;
    }
    return List.of(path);
  }

  /**
   * Every command that does something of its own: those without subcommands, and those with options
   * of their own besides ({@code exa console --port}); {@code exa} itself aside.
   */
  private static void collect(CommandLine command, String path, Set<String> into) {
    boolean ownOptions =
        command.getCommandSpec().options().stream()
            .anyMatch(o -> !o.inherited() && !o.usageHelp() && !o.versionHelp());
    if (command.getSubcommands().isEmpty() || ownOptions && command != exa) {
      into.add(path);
    }
    command
        .getSubcommands()
        .forEach(
            (name, child) -> {
              if (!name.equals("help")) {
                collect(child, path + " " + name, into);
              }
            });
  }
}
