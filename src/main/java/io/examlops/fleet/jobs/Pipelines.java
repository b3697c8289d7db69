package io.examlops.fleet.jobs;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** What a training pipeline's job receives: its names, its variables, its default script. */
public final class Pipelines {

  private Pipelines() {}

  /** The smoke run a pipeline without a script of its own runs: it prints what the job got. */
  public static String builtInScript() {
    try (InputStream in = Pipelines.class.getResourceAsStream("pipeline-train.sh")) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
