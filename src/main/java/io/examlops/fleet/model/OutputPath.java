package io.examlops.fleet.model;

/**
 * Where a job writes its standard output and error ({@code --output}): a file on its cluster,
 * relative to the submitting user's home directory (the directory jobs are submitted from) unless
 * absolute. One pattern for every scheduler, translated for each: {@code %j} is the scheduler's job
 * id (Flux's in decimal, {@code {{id.dec}}}), {@code %x} the job name (filled in by the fleet at
 * submission, as it knows it) and {@code %%} a literal {@code %}. Nothing else is taken: the fleet
 * reads the file afterwards, so its name must be known from the job id alone; Slurm's per-node and
 * per-task patterns ({@code %N}, {@code %t}, ...) would make several files, or none the fleet can
 * name.
 *
 * <p>The directory must exist before the job starts: neither {@code sbatch} nor {@code flux batch}
 * creates it, and a job whose output cannot be opened runs with its output lost. So {@code %j} may
 * appear in the file name only ({@code %x}, known at submission, anywhere), and the directory is
 * checked at submission.
 *
 * @param pattern the path, without a leading {@code ~/} (the home directory is where relative paths
 *     start anyway)
 */
public record OutputPath(String pattern) {
  /** The longest pattern accepted: well under any file system's PATH_MAX. */
  public static final int MAX_LENGTH = 1024;

  /** Where output goes when none is asked for: the home directory, one file per job. */
  public static final OutputPath DEFAULT = new OutputPath("examlops-%j.out");

  private static final String FIELD = "output";

  private static final String HOW =
      "; give a file path, relative to your home directory on the cluster or absolute, whose file"
          + " name may hold %j (the job id), %x (the job name) and %% (a literal %)";

  public OutputPath {
    if (pattern == null || pattern.isEmpty()) {
      throw FleetException.invalid("the output path is empty" + HOW, FIELD);
    }
    String shown = Printable.quoted(pattern);
    if (pattern.length() > MAX_LENGTH) {
      throw FleetException.invalid(
          "the output path is "
              + pattern.length()
              + " characters long; at most "
              + MAX_LENGTH
              + " are accepted",
          FIELD);
    }
    if (!OneLine.isPlain(pattern)) {
      throw FleetException.invalid(
          "the output path " + shown + " holds a newline, control or bidirectional character" + HOW,
          FIELD);
    }
    if (pattern.indexOf('\\') >= 0) {
      throw FleetException.invalid(
          "the output path "
              + shown
              + " holds a backslash, which makes a scheduler ignore every %-pattern in it"
              + HOW,
          FIELD);
    }
    if (pattern.indexOf('{') >= 0 || pattern.indexOf('}') >= 0) {
      throw FleetException.invalid(
          "the output path "
              + shown
              + " holds a brace, which a scheduler reads as a template ({{id}}); use %j for the job id"
              + HOW,
          FIELD);
    }
    if (pattern.startsWith("~")) {
      throw FleetException.invalid(
          "the output path "
              + shown
              + " starts with ~, which is not expanded there (~user); write the absolute path, or"
              + " one relative to your home directory",
          FIELD);
    }
    int slash = pattern.lastIndexOf('/');
    String fileName = pattern.substring(slash + 1);
    if (fileName.isEmpty() || fileName.equals(".") || fileName.equals("..")) {
      throw FleetException.invalid(
          "the output path " + shown + " names a directory, not a file" + HOW, FIELD);
    }
    for (int i = 0; i < pattern.length(); i++) {
      if (pattern.charAt(i) != '%') {
        continue;
      }
      char next = i + 1 < pattern.length() ? pattern.charAt(i + 1) : ' ';
      if (next == '%') {
        i++;
      } else if (next != 'j' && next != 'x') {
        throw FleetException.invalid(
            "the output path "
                + shown
                + " holds %"
                + (next == ' ' ? "" : String.valueOf(next))
                + ", which exa does not take: only %j (the job id), %x (the job name) and %% (a"
                + " literal %) are, so that exa can name the file to read it",
            FIELD);
      } else if (next == 'j' && i < slash) {
        throw FleetException.invalid(
            "the output path "
                + shown
                + " has %j in its directory; the directory must exist before the job starts (the"
                + " scheduler creates none), so put %j in the file name only",
            FIELD);
      }
    }
  }

  /**
   * The path as a user gives it: {@code ~/} at its start, or an absolute path, or one relative to
   * the home directory; surrounding blanks dropped.
   *
   * @return {@code null} for {@code null}: the scheduler's default
   */
  public static OutputPath of(String text) {
    if (text == null) {
      return null;
    }
    String path = text.strip();
    return new OutputPath(path.startsWith("~/") ? path.substring(2) : path);
  }

  /** {@code output}, or {@link #DEFAULT} when none was asked for. */
  public static OutputPath orDefault(OutputPath output) {
    return output == null ? DEFAULT : output;
  }

  /** The same path with {@code %x} replaced by the job's name (letters, digits, {@code _ . -}). */
  public OutputPath named(String jobName) {
    return new OutputPath(rendered("%j", jobName, "%%"));
  }

  /**
   * The path of a job that starts in {@code directory} (absolute, on the cluster): a relative one
   * put under it, an absolute one as it is.
   */
  public OutputPath under(String directory) {
    if (absolute()) {
      return this;
    }
    String dir = directory.endsWith("/") ? directory : directory + "/";
    return new OutputPath(dir.replace("%", "%%") + pattern);
  }

  /**
   * The file a job with this id writes: {@code ~/} and the path for a relative one (for the shell
   * to expand), the path itself for an absolute one.
   *
   * @param jobId the job's id as the scheduler puts it into file names (Flux's in decimal)
   */
  public String file(String jobId) {
    String path = rendered(jobId, "%x", "%");
    return absolute() ? path : "~/" + path;
  }

  /**
   * The directory the file goes into, as the shell is to test it ({@code ~/} and the directory for
   * a relative one); {@code null} when that is the home directory itself.
   */
  public String directory() {
    int slash = pattern.lastIndexOf('/');
    if (slash < 0) {
      return null;
    }
    String dir = slash == 0 ? "/" : pattern.substring(0, slash).replace("%%", "%");
    return absolute() ? dir : "~/" + dir;
  }

  private boolean absolute() {
    return pattern.startsWith("/");
  }

  /** The pattern with {@code %j}, {@code %x} and {@code %%} replaced by the three given texts. */
  /**
   * The pattern as a scheduler that takes other patterns is told it: {@code %j}, {@code %x} and
   * {@code %%} each written as {@code jobId}, {@code jobName} and {@code percent} (one that takes
   * these patterns as they are is given {@link #pattern()}).
   */
  public String rendered(String jobId, String jobName, String percent) {
    StringBuilder out = new StringBuilder(pattern.length() + 16);
    for (int i = 0; i < pattern.length(); i++) {
      char c = pattern.charAt(i);
      if (c == '%') {
        char next = pattern.charAt(++i);
        out.append(next == 'j' ? jobId : next == 'x' ? jobName : percent);
      } else {
        out.append(c);
      }
    }
    return out.toString();
  }
}
