package io.examlops.fleet.registry;

import io.examlops.fleet.model.OwnerOnly;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;

/**
 * Checks that a private key file can be used, the way ssh would judge it, without reading its
 * contents: it exists, is a readable file, and no other user may read or write it.
 */
final class KeyFiles {
  private KeyFiles() {}

  /** Throws {@link IllegalArgumentException} saying what is wrong with the key file and the fix. */
  static void check(Path key) {
    if (!Files.exists(key)) {
      throw new IllegalArgumentException(
          "key file "
              + key
              + " does not exist; fix the path, or create the key with"
              + " ssh-keygen -t ed25519 -f "
              + key);
    }
    if (!Files.isRegularFile(key)) {
      throw new IllegalArgumentException(
          "key " + key + " is not a file; give the path of the private key file");
    }
    if (!Files.isReadable(key)) {
      throw new IllegalArgumentException(
          "key file "
              + key
              + " cannot be read by this user; fix its owner, or its permissions"
              + " with chmod 600 "
              + key);
    }
    Set<PosixFilePermission> permissions;
    try {
      permissions = Files.getPosixFilePermissions(key);
    } catch (UnsupportedOperationException e) {
      return; // not a POSIX file system: nothing to compare with ssh's rule
    } catch (IOException e) {
      throw new IllegalArgumentException(
          "key file " + key + " cannot be inspected: " + e.getMessage());
    }
    if (OwnerOnly.opensToOthers(permissions)) {
      throw new IllegalArgumentException(
          "key file "
              + key
              + " has permissions "
              + PosixFilePermissions.toString(permissions)
              + ", open to other users (ssh refuses such keys); run chmod 600 "
              + key);
    }
  }
}
