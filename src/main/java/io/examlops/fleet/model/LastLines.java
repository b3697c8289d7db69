package io.examlops.fleet.model;

import java.util.ArrayDeque;
import java.util.function.Consumer;

/**
 * The last lines of a text that arrives in chunks, in bounded memory: {@code exa hpc logs --tail}
 * and the console's job page keep only these of a job's output, however long it is (a line longer
 * than {@link #LONGEST_LINE} characters keeps its end).
 */
public final class LastLines implements Consumer<String> {
  public static final int LONGEST_LINE = 64 * 1024;

  private final int max;
  private final ArrayDeque<String> lines = new ArrayDeque<>();
  private final StringBuilder partial = new StringBuilder();
  private boolean cut;

  public LastLines(int max) {
    this.max = max;
  }

  @Override
  public void accept(String chunk) {
    int from = 0;
    for (int nl = chunk.indexOf('\n'); nl >= 0; nl = chunk.indexOf('\n', from)) {
      partial.append(chunk, from, nl + 1);
      keep(partial.toString());
      partial.setLength(0);
      from = nl + 1;
    }
    partial.append(chunk, from, chunk.length());
    if (partial.length() > LONGEST_LINE) {
      partial.delete(0, partial.length() - LONGEST_LINE);
      cut = true;
    }
  }

  private void keep(String line) {
    lines.addLast(line);
    if (lines.size() > max) {
      lines.removeFirst();
      cut = true;
    }
  }

  /** The lines kept, the unfinished last one included (it counts as one of them). */
  public String text() {
    StringBuilder text = new StringBuilder();
    boolean withPartial = partial.length() > 0;
    int skip = withPartial && lines.size() == max ? 1 : 0;
    lines.stream().skip(skip).forEach(text::append);
    return text.append(partial).toString();
  }

  /** Whether anything before the lines kept was left out. */
  public boolean cut() {
    return cut || (partial.length() > 0 && lines.size() == max);
  }
}
