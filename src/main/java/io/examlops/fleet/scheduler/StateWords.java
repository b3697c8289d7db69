package io.examlops.fleet.scheduler;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The words a scheduler prints for a set of states, read from a table with one line per value: the
 * value's name, a colon, then its spellings (long word, compact code, older names), e.g. {@code
 * RUNNING: RUNNING R}. A value may have several lines; {@code #} starts a comment. Words match
 * whatever their case.
 *
 * <p>One table reader serves every scheduler's state vocabulary, so a spelling listed twice or a
 * value misnamed fails when the class that holds the table loads, not on some cluster's output.
 *
 * @param <E> the values the words stand for
 */
public final class StateWords<E extends Enum<E>> {
  private final Map<String, E> byWord;

  private StateWords(Map<String, E> byWord) {
    this.byWord = Map.copyOf(byWord);
  }

  /** Reads a table as described above; throws on a malformed line or a spelling listed twice. */
  public static <E extends Enum<E>> StateWords<E> of(Class<E> values, String table) {
    Map<String, E> byWord = new HashMap<>();
    for (String line : table.split("\\R")) {
      int comment = line.indexOf('#');
      String entry = (comment >= 0 ? line.substring(0, comment) : line).strip();
      if (entry.isEmpty()) {
        continue;
      }
      int colon = entry.indexOf(':');
      if (colon < 0) {
        throw new IllegalArgumentException("no 'VALUE:' before the words in: " + line);
      }
      E value = Enum.valueOf(values, entry.substring(0, colon).strip());
      String words = entry.substring(colon + 1).strip();
      if (words.isEmpty()) {
        throw new IllegalArgumentException("no words after the colon in: " + line);
      }
      for (String word : words.split("\\s+")) {
        if (byWord.put(key(word), value) != null) {
          throw new IllegalArgumentException("'" + word + "' is listed twice");
        }
      }
    }
    return new StateWords<>(byWord);
  }

  /** The value a word stands for; {@code null} when the word is not in the table (or null). */
  public E get(String word) {
    return word == null ? null : byWord.get(key(word));
  }

  /** The value a word stands for; {@code otherwise} when it is not in the table (or null). */
  public E getOrDefault(String word, E otherwise) {
    E value = get(word);
    return value != null ? value : otherwise;
  }

  private static String key(String word) {
    return word.toUpperCase(Locale.ROOT);
  }
}
