package io.examlops.fleet.registry;

import io.examlops.fleet.model.OwnerOnly;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The stores' files are private by default: platform.db holds password and token hashes and the
 * audit trail, clusters.yaml says how to reach every cluster. Files and directories the stores
 * create are the owner's only (0600, 0700); a file someone made wider is reported, never changed
 * behind its owner's back.
 */
public final class PrivateFiles {
  private PrivateFiles() {}

  /** Creates the directory and the missing ones above it, each rwx------. */
  static void createDirectories(Path directory) throws IOException {
    if (Files.isDirectory(directory)) {
      return;
    }
    try {
      Files.createDirectories(directory, OwnerOnly.directory());
    } catch (UnsupportedOperationException notPosix) {
      Files.createDirectories(directory);
    }
  }

  /** Creates an empty file, rw-------. */
  static void createFile(Path file) throws IOException {
    try {
      Files.createFile(file, OwnerOnly.file());
    } catch (UnsupportedOperationException notPosix) {
      Files.createFile(file);
    }
  }

  /**
   * Which of these files (and their directories) others than their owner may use, each with its
   * mode and how to close it; files that do not exist, or on a file system without modes, are left
   * out.
   */
  public static List<String> exposed(List<Path> files) {
    List<String> warnings = new ArrayList<>();
    for (Path file : files) {
      try {
        if (!Files.exists(file)) {
          continue;
        }
        Set<PosixFilePermission> mode = Files.getPosixFilePermissions(file);
        if (OwnerOnly.opensToOthers(mode)) {
          warnings.add(
              file
                  + " is "
                  + PosixFilePermissions.toString(mode)
                  + ": others than its owner may use it; make it private with chmod "
                  + (Files.isDirectory(file) ? "700 " : "600 ")
                  + file);
        }
      } catch (IOException | UnsupportedOperationException e) {
        // unreadable or not POSIX: nothing to report about its mode
      }
    }
    return warnings;
  }
}
