package io.examlops.fleet.hostlist;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The fixture transcripts (Fixtures): "$ command 'arg'...", output lines, "[rc=N]". */
record Transcript(List<Block> blocks) {

  /** One command: its words without quotes, what it printed, its exit status. */
  record Block(List<String> words, List<String> output, int rc) {
    String lastWord() {
      return words.get(words.size() - 1);
    }

    @Override
    public String toString() {
      return String.join(" ", words);
    }
  }

  private static final Pattern WORD = Pattern.compile("'([^']*)'|(\\S+)");
  private static final Pattern RC = Pattern.compile("\\[rc=(\\d+)]");

  static Transcript parse(String text) {
    List<Block> blocks = new ArrayList<>();
    List<String> words = null;
    List<String> output = new ArrayList<>();
    for (String line : text.split("\n", -1)) {
      if (words == null) {
        if (line.startsWith("$ ")) {
          words = words(line.substring(2));
          output = new ArrayList<>();
        }
        continue;
      }
      Matcher rc = RC.matcher(line);
      if (rc.matches()) {
        blocks.add(new Block(words, output, Integer.parseInt(rc.group(1))));
        words = null;
      } else {
        output.add(line);
      }
    }
    return new Transcript(blocks);
  }

  private static List<String> words(String command) {
    List<String> words = new ArrayList<>();
    Matcher m = WORD.matcher(command);
    while (m.find()) {
      words.add(m.group(1) != null ? m.group(1) : m.group(2));
    }
    return words;
  }
}
