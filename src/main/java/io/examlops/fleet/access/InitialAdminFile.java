package io.examlops.fleet.access;

import io.examlops.fleet.model.OwnerOnly;
import io.examlops.fleet.registry.StoreException;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;

/**
 * The first admin's one-time password, in an owner-only file beside platform.db (Jenkins'
 * initialAdminPassword convention): readable by whoever runs the console, by no one else.
 */
public final class InitialAdminFile {
  public static final String NAME = "initialAdminPassword";

  private InitialAdminFile() {}

  public static Path beside(Path platformDb) {
    return platformDb.toAbsolutePath().getParent().resolve(NAME);
  }

  /** Writes the password into a new owner-only file (never one that already exists). */
  public static void write(Path file, char[] password) {
    try {
      Files.deleteIfExists(file);
      Files.createFile(file, OwnerOnly.file());
      try (Writer out =
          Files.newBufferedWriter(file, StandardCharsets.UTF_8, StandardOpenOption.WRITE)) {
        out.write(password);
        out.write('\n');
      }
    } catch (IOException e) {
      throw new StoreException(
          file,
          "cannot write the first admin's password to "
              + file
              + " ("
              + e.getMessage()
              + "); check that this user may write that directory",
          e);
    } finally {
      Arrays.fill(password, '\0');
    }
  }

  /** Once the admin has chosen a password, the one-time one is of no use: the file goes. */
  public static void remove(Path file) {
    try {
      Files.deleteIfExists(file);
    } catch (IOException e) {
      throw new StoreException(
          file, "cannot delete " + file + " (" + e.getMessage() + "); delete it by hand", e);
    }
  }
}
