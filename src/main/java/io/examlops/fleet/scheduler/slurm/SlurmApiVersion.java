package io.examlops.fleet.scheduler.slurm;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The versions of slurmrestd's API this product reads, and which one to use with a server: the
 * newest both know. Each differs in how a job is asked for and what numbers look like; what a
 * version lacks is left unknown, never guessed.
 *
 * @param label as the API's paths name it ({@code v0.0.38})
 */
record SlurmApiVersion(String label) implements Comparable<SlurmApiVersion> {
  private static final Pattern FORM = Pattern.compile("v0\\.0\\.(\\d{1,3})");
  private static final Pattern PATH = Pattern.compile("^/slurm/(v0\\.0\\.\\d{1,3})/");

  /**
   * Slurm 22.05 (Debian 12's slurmrestd) offers 0.0.36-0.0.38, Slurm 25.11 0.0.41-0.0.44. Not
   * 0.0.36: its nodes carry no drain flag and no partitions (a drained node reads idle), so
   * capacity read through it would be wrong; every server that offers it offers 0.0.37 or newer.
   */
  static final List<SlurmApiVersion> KNOWN =
      List.of("v0.0.37", "v0.0.38", "v0.0.41", "v0.0.42", "v0.0.43", "v0.0.44").stream()
          .map(SlurmApiVersion::new)
          .toList();

  SlurmApiVersion {
    if (!FORM.matcher(label).matches()) {
      throw new IllegalArgumentException("not a slurmrestd API version: " + label);
    }
  }

  private int minor() {
    Matcher m = FORM.matcher(label);
    m.matches();
    return Integer.parseInt(m.group(1));
  }

  /** Up to 0.0.38 (Slurm 22.05 and older): the openapi plugins, plain numbers, one state word. */
  boolean openapiPlugin() {
    return minor() <= 38;
  }

  boolean known() {
    return KNOWN.contains(this);
  }

  @Override
  public int compareTo(SlurmApiVersion other) {
    return Integer.compare(minor(), other.minor());
  }

  /** The versions a server's OpenAPI description offers, by its {@code /slurm/vX/} paths. */
  static TreeSet<SlurmApiVersion> offered(JsonNode openapi) {
    TreeSet<SlurmApiVersion> offered = new TreeSet<>();
    openapi
        .path("paths")
        .fieldNames()
        .forEachRemaining(
            path -> {
              Matcher m = PATH.matcher(path);
              if (m.find()) {
                offered.add(new SlurmApiVersion(m.group(1)));
              }
            });
    return offered;
  }

  /** The newest version both the server and this product know; empty when none is. */
  static Optional<SlurmApiVersion> newestShared(TreeSet<SlurmApiVersion> offered) {
    return offered.descendingSet().stream().filter(SlurmApiVersion::known).findFirst();
  }

  @Override
  public String toString() {
    return label;
  }
}
