package io.examlops.fleet.jenkins;

/**
 * The stand-in build's console log: what {@code echo}, {@code error} and every {@code sh} process
 * print, appended as it comes (so a test can watch it while the build runs).
 */
public final class BuildLog {
  private final StringBuffer text = new StringBuffer();
  private final java.util.List<String> masks = new java.util.concurrent.CopyOnWriteArrayList<>();

  void append(String chunk) {
    String shown = chunk;
    for (String m : masks) {
      shown = shown.replace(m, "****");
    }
    text.append(shown);
  }

  /** Masks these words in what is logged from now on, as Jenkins masks bound credentials. */
  void mask(java.util.List<String> words) {
    words.stream().filter(w -> !w.isEmpty()).forEach(masks::add);
  }

  void unmask(java.util.List<String> words) {
    words.forEach(masks::remove);
  }

  /** A line of the build's own ({@code echo}, {@code error}), masked as sh output is. */
  void line(String line) {
    append(line + "\n");
  }

  /** Everything logged so far. */
  public String text() {
    return text.toString();
  }

  @Override
  public String toString() {
    return text();
  }
}
