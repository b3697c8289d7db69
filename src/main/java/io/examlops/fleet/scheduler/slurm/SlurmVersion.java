package io.examlops.fleet.scheduler.slurm;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A Slurm release as {@code sinfo --version} prints it: {@code slurm-wlm 22.05.8} (Debian and
 * Ubuntu packages), {@code slurm 23.11.4} (upstream builds), {@code slurm 24.05.0-0rc1}.
 *
 * @param release the release text after the program name, e.g. {@code 22.05.8}
 * @param major the year part, e.g. 22
 * @param minor the month part, e.g. 5
 */
public record SlurmVersion(String release, int major, int minor) {
  private static final Pattern VERSION =
      Pattern.compile("^slurm(?:-wlm)?\\s+((\\d+)\\.(\\d+)\\S*)\\s*$", Pattern.CASE_INSENSITIVE);

  /** Reads the first non-blank line; throws {@link IllegalArgumentException} when it is not one. */
  public static SlurmVersion parse(String output) {
    String line = output.strip().lines().findFirst().orElse("");
    Matcher m = VERSION.matcher(line.strip());
    if (!m.matches()) {
      throw new IllegalArgumentException(
          "expected 'slurm <version>' or 'slurm-wlm <version>', got '" + line + "'");
    }
    return new SlurmVersion(m.group(1), Integer.parseInt(m.group(2)), Integer.parseInt(m.group(3)));
  }

  @Override
  public String toString() {
    return release;
  }
}
