package io.examlops.fleet.model;

import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.EnumSet;
import java.util.Set;

/**
 * The one rule for a private file, as ssh judges a key: its owner's only (0600 a file, 0700 a
 * directory), no permission at all for its group or other users. Key files, platform.db,
 * clusters.yaml, the console's secret files and the first admin's password all keep it.
 */
public final class OwnerOnly {
  /** rw-------, for a new file. */
  public static final Set<PosixFilePermission> FILE =
      Set.copyOf(PosixFilePermissions.fromString("rw-------"));

  /** rwx------, for a new directory, or a script its owner runs. */
  public static final Set<PosixFilePermission> EXECUTABLE =
      Set.copyOf(PosixFilePermissions.fromString("rwx------"));

  private static final Set<PosixFilePermission> GROUP_OR_OTHERS =
      Set.copyOf(
          EnumSet.of(
              PosixFilePermission.GROUP_READ,
              PosixFilePermission.GROUP_WRITE,
              PosixFilePermission.GROUP_EXECUTE,
              PosixFilePermission.OTHERS_READ,
              PosixFilePermission.OTHERS_WRITE,
              PosixFilePermission.OTHERS_EXECUTE));

  private OwnerOnly() {}

  /** {@link #FILE} as the attribute of a file being created. */
  public static FileAttribute<Set<PosixFilePermission>> file() {
    return PosixFilePermissions.asFileAttribute(FILE);
  }

  /** {@link #EXECUTABLE} as the attribute of a directory being created. */
  public static FileAttribute<Set<PosixFilePermission>> directory() {
    return PosixFilePermissions.asFileAttribute(EXECUTABLE);
  }

  /** Whether {@code mode} lets anyone but the owner read, write or run the file. */
  public static boolean opensToOthers(Set<PosixFilePermission> mode) {
    return mode.stream().anyMatch(GROUP_OR_OTHERS::contains);
  }
}
