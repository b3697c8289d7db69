package io.examlops.fleet.jobs;

import io.examlops.fleet.model.FleetException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.regex.Pattern;

/** What a training pipeline's job receives: its names, its variables, its default script. */
public final class Pipelines {

  private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_.-]{1,64}");

  private Pipelines() {}

  /** A model or dataset name: it names the job and travels in its environment. */
  public static void require(String field, String value) {
    if (value == null || !NAME.matcher(value).matches()) {
      throw FleetException.invalid(
          "the "
              + field
              + " '"
              + value
              + "' may hold only letters, digits, '.', '_' and '-' (1 to 64)",
          field);
    }
  }

  /** The smoke run a pipeline without a script of its own runs: it prints what the job got. */
  public static String builtInScript() {
    try (InputStream in = Pipelines.class.getResourceAsStream("pipeline-train.sh")) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
