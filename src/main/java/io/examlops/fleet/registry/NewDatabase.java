package io.examlops.fleet.registry;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Makes a new platform.db where none exists, so that the path never holds a half-made (or 0-byte)
 * database that a later open could not tell from an emptied one: the database is built complete,
 * schema included, at a path of its own beside the target, then linked into place in one step that
 * fails when a file appeared there meanwhile (another process won the race, and its file is used).
 */
final class NewDatabase {
  private NewDatabase() {}

  static void create(Path file) {
    Path directory = file.toAbsolutePath().getParent();
    Path fresh =
        directory.resolve(
            "."
                + file.getFileName()
                + "."
                + ProcessHandle.current().pid()
                + "."
                + Long.toHexString(System.nanoTime())
                + ".new");
    try {
      // Owner-only from its first byte; SQLite gives its -wal and -shm files the same mode.
      PrivateFiles.createFile(fresh);
      PlatformDb db = PlatformDb.creating(fresh);
      db.useWal();
      Migrations.apply(db);
      // The last connection is closed: SQLite checkpointed the WAL into the file and removed it.
      place(fresh, file);
    } catch (IOException e) {
      throw StoreFailures.writing(file, e);
    } catch (StoreException e) {
      throw new StoreException(
          file,
          "cannot create the new database "
              + file
              + ": "
              + e.getMessage().replace(fresh.toString(), "a file in " + directory),
          e);
    } finally {
      for (String suffix : new String[] {"", "-wal", "-shm", "-journal"}) {
        try {
          Files.deleteIfExists(Path.of(fresh + suffix));
        } catch (IOException e) {
          // a leftover beside the database, harmless and ignored by every reader
        }
      }
    }
  }

  private static void place(Path fresh, Path file) {
    try {
      Files.createLink(file, fresh);
    } catch (FileAlreadyExistsException raced) {
      // another process created the database first: use that one
    } catch (UnsupportedOperationException | IOException noHardLinks) {
      try {
        if (!Files.exists(file)) {
          Files.move(fresh, file);
        }
      } catch (FileAlreadyExistsException raced) {
        // likewise
      } catch (IOException e) {
        throw StoreFailures.writing(file, e);
      }
    }
  }
}
