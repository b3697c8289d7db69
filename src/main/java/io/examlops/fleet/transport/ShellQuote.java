package io.examlops.fleet.transport;

/** POSIX shell quoting for the few values that reach a remote command line. */
public final class ShellQuote {
  private ShellQuote() {}

  /** Single-quotes a value so that a POSIX shell passes it through as one literal word. */
  public static String quote(String value) {
    if (value.indexOf('\0') >= 0) {
      throw new IllegalArgumentException("a shell argument cannot contain a NUL byte");
    }
    if (!value.isEmpty() && value.chars().allMatch(ShellQuote::isSafe)) {
      return value;
    }
    return "'" + value.replace("'", "'\"'\"'") + "'";
  }

  /**
   * Each value quoted as {@link #quote} does, each after a space, to append to a command line;
   * empty for none.
   */
  public static String arguments(String... values) {
    StringBuilder line = new StringBuilder();
    for (String value : values) {
      line.append(' ').append(quote(value));
    }
    return line.toString();
  }

  /**
   * A path as one shell word, quoted as {@link #quote} does, except that a leading {@code ~/} stays
   * unquoted for the shell to expand to the home directory.
   */
  public static String path(String file) {
    return file.startsWith("~/") ? "~/" + quote(file.substring(2)) : quote(file);
  }

  private static boolean isSafe(int c) {
    return (c >= 'a' && c <= 'z')
        || (c >= 'A' && c <= 'Z')
        || (c >= '0' && c <= '9')
        || c == '-'
        || c == '_'
        || c == '.'
        || c == '/'
        || c == ':'
        || c == '='
        || c == ',';
  }
}
