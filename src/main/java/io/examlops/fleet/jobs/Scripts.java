package io.examlops.fleet.jobs;

import io.examlops.fleet.model.ErrorKind;
import io.examlops.fleet.model.FleetException;
import java.io.IOException;
import java.nio.charset.MalformedInputException;
import java.nio.charset.StandardCharsets;
import java.nio.charset.UnmappableCharacterException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Job scripts as a request gives them: read, checked, and named. */
public final class Scripts {
  /** The largest job script read: a batch script is text, far below what schedulers accept. */
  static final long MAX_BYTES = 1024 * 1024;

  private Scripts() {}

  /** A script's text and the job name its file name gives. */
  public record Script(String text, String jobName) {}

  /** The script's text; a missing, unreadable or empty source is a clear error. */
  public static Script read(ScriptSource source) {
    ScriptSource.require(source);
    if (source.file() == null) {
      return new Script(source.text(), nameFrom(source.fileName()));
    }
    Path file = source.file();
    if (file.toString().isBlank()) {
      throw FleetException.invalid(
          "the script path is empty: give the path of a batch script", "script");
    }
    if (!Files.exists(file)) {
      throw new FleetException(
          ErrorKind.SCRIPT_NOT_FOUND, "job script " + file + " does not exist");
    }
    if (!Files.isRegularFile(file) || !Files.isReadable(file)) {
      throw new FleetException(
          ErrorKind.SCRIPT_UNREADABLE, "job script " + file + " is not a readable file");
    }
    try {
      long size = Files.size(file);
      if (size > MAX_BYTES) {
        throw new FleetException(
            ErrorKind.SCRIPT_UNREADABLE,
            "job script "
                + file
                + " is "
                + size
                + " bytes; a batch script is at most "
                + MAX_BYTES
                + " bytes of text: put data and programs in files the script reads on the"
                + " cluster");
      }
      return new Script(
          Files.readString(file, StandardCharsets.UTF_8), nameFrom(file.getFileName().toString()));
    } catch (MalformedInputException | UnmappableCharacterException e) {
      throw new FleetException(
          ErrorKind.SCRIPT_UNREADABLE,
          "job script "
              + file
              + " is not UTF-8 text (a binary file?): give the batch script itself, a text file",
          null,
          e);
    } catch (IOException e) {
      throw new FleetException(
          ErrorKind.SCRIPT_UNREADABLE,
          "cannot read job script " + file + ": " + e.getMessage(),
          null,
          e);
    }
  }

  /** A job name from a script's file name: letters, digits, '.', '_' and '-' only. */
  static String nameFrom(String fileName) {
    if (fileName == null) {
      return "job";
    }
    String base = fileName.replaceFirst("\\.[A-Za-z0-9]+$", "");
    String clean = base.replaceAll("[^A-Za-z0-9_.-]", "-");
    return clean.isEmpty() ? "job" : clean.length() > 64 ? clean.substring(0, 64) : clean;
  }
}
