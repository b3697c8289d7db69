package io.examlops.fleet.jenkins;

/**
 * The stand-in build's console log: what {@code echo}, {@code error} and every {@code sh} process
 * print, appended as it comes (so a test can watch it while the build runs).
 */
public final class BuildLog {
  private final StringBuffer text = new StringBuffer();

  void append(String chunk) {
    text.append(chunk);
  }

  void line(String line) {
    text.append(line).append('\n');
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
