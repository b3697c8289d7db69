package io.examlops.fleet.jobs;

import java.nio.file.Path;

/**
 * Where a job script comes from: a file on this machine, or text a surface received (with the name
 * it was uploaded under, for naming the job). Exactly one of {@code file} and {@code text}.
 */
public record ScriptSource(Path file, String fileName, String text) {
  /**
   * {@code source}, when it names a script.
   *
   * @throws io.examlops.fleet.model.FleetException naming {@code script} when it names none
   */
  public static ScriptSource require(ScriptSource source) {
    if (source == null || (source.file() == null && source.text() == null)) {
      throw io.examlops.fleet.model.FleetException.invalid(
          "no job script was given: give a batch script", "script");
    }
    return source;
  }

  public static ScriptSource file(Path file) {
    return new ScriptSource(file, null, null);
  }

  public static ScriptSource text(String fileName, String text) {
    return new ScriptSource(null, fileName, text);
  }
}
