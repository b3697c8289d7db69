package io.examlops.fleet.registry;

import io.examlops.fleet.model.Printable;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.DateTimeException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.sqlite.SQLiteException;

/**
 * What a storage failure means for the person who meets it: which file, what is wrong with it and
 * what to do, instead of the driver's own words. Shared by platform.db and clusters.yaml.
 */
final class StoreFailures {
  private static final String BACKUP = "docs/fleet.md, \"Backup and restore\"";

  // SQLite's primary result codes (https://sqlite.org/rescode.html).
  private static final int SQLITE_ERROR = 1;
  private static final int SQLITE_PERM = 3;
  private static final int SQLITE_READONLY = 8;
  private static final int SQLITE_IOERR = 10;
  private static final int SQLITE_CORRUPT = 11;
  private static final int SQLITE_FULL = 13;
  private static final int SQLITE_CANTOPEN = 14;
  private static final int SQLITE_AUTH = 23;
  private static final int SQLITE_NOTADB = 26;

  /** How Java says a stored word is none of an enum's: its type's simple name, then the word. */
  private static final Pattern ENUM_CONSTANT =
      Pattern.compile("No enum constant (?:\\w+\\.)*(\\w+)\\.(.*)");

  private static final Pattern MISSING = Pattern.compile("no such (table|column): [\\w.]+");

  private StoreFailures() {}

  /** The SQLite result code of {@code e} (primary code only), or -1 when it has none. */
  static int primaryCode(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof SQLiteException sqlite) {
        return sqlite.getResultCode().code & 0xff;
      }
    }
    return -1;
  }

  /** A failure of platform.db, explained; a plain {@link RegistryException} for other errors. */
  static RegistryException database(Path file, SQLException e) {
    String code = "(SQLite: " + driverWords(e) + ")";
    return switch (primaryCode(e)) {
      case SQLITE_CORRUPT ->
          new StoreException(
              file,
              file
                  + " is damaged "
                  + code
                  + "; nothing was changed. Restore it from a backup ("
                  + BACKUP
                  + "), or salvage what is readable: sqlite3 "
                  + file
                  + " .recover | sqlite3 "
                  + file
                  + ".recovered, check the result, then move it into place",
              e);
      case SQLITE_NOTADB ->
          new StoreException(
              file,
              file
                  + " is not an SQLite database "
                  + code
                  + ": it was overwritten or another file"
                  + " was put in its place; nothing was changed. Restore it from a backup ("
                  + BACKUP
                  + "), or point EXAMLOPS_PLATFORM_DB at the right file",
              e);
      case SQLITE_READONLY, SQLITE_PERM, SQLITE_AUTH ->
          new StoreException(
              file,
              file
                  + " cannot be written "
                  + code
                  + "; nothing was changed. The file, its -wal and"
                  + " -shm files or its directory are read-only or immutable for this user: check"
                  + " with ls -l and lsattr, then make them writable (chmod u+w, chattr -i) or mount"
                  + " the volume read-write",
              e);
      case SQLITE_FULL -> full(file, e);
      case SQLITE_CANTOPEN ->
          new StoreException(
              file,
              file
                  + " cannot be opened "
                  + code
                  + "; nothing was changed. Check that it and its"
                  + " directory exist, that neither is read-only (a read-only mount, chattr +i; SQLite"
                  + " needs to create its -wal and -shm files beside it) and that this user may read"
                  + " and write both (ls -ld "
                  + file.toAbsolutePath().getParent()
                  + " "
                  + file
                  + "; lsattr "
                  + file
                  + "), then make them writable (chmod u+w, chattr -i) or mount"
                  + " the volume read-write",
              e);
      case SQLITE_IOERR ->
          isDiskFull(e)
              ? full(file, e)
              : new StoreException(
                  file,
                  "reading or writing "
                      + file
                      + " failed "
                      + code
                      + "; nothing was changed. The disk holding it may be full, or its directory "
                      + directory(file)
                      + " not writable (SQLite writes its -wal and -shm files there): free space"
                      + " on it (df -h "
                      + directory(file)
                      + ") and check that this user may write there (ls -ld "
                      + directory(file)
                      + "), then run the command again; if the error stays, check the disk"
                      + " (dmesg) and restore the file from a backup ("
                      + BACKUP
                      + ")",
                  e);
      case SQLITE_ERROR ->
          missingSchema(e)
              ? new StoreException(
                  file,
                  file
                      + " lacks part of exa's schema ("
                      + missing(e)
                      + "): a table or column was dropped or renamed by another program;"
                      + " nothing was changed. Restore it from a backup ("
                      + BACKUP
                      + ")",
                  e)
              : new RegistryException(file + ": " + e.getMessage(), e);
      default -> new RegistryException(file + ": " + e.getMessage(), e);
    };
  }

  /** SQLite's own words for what is missing: {@code no such table: hpc_jobs}. */
  private static String missing(SQLException e) {
    Matcher m = MISSING.matcher(String.valueOf(e.getMessage()));
    return m.find() ? m.group() : "a table or column";
  }

  private static boolean missingSchema(SQLException e) {
    return MISSING.matcher(String.valueOf(e.getMessage())).find();
  }

  /**
   * A value read from platform.db that no version of exa writes (an unknown state, a time or JSON
   * that does not read, a value missing): damage, named with its file and a fix. {@code e}'s own
   * words are kept only where they name no Java type.
   */
  static StoreException damagedValue(Path file, RuntimeException e) {
    String detail;
    Matcher enumConstant = ENUM_CONSTANT.matcher(String.valueOf(e.getMessage()));
    if (e instanceof DamagedValueException || e instanceof DateTimeException) {
      detail = e.getMessage();
    } else if (enumConstant.matches()) {
      detail =
          Printable.quoted(enumConstant.group(2))
              + " is not a "
              + enumConstant
                  .group(1)
                  .replaceAll("(?<=[a-z])(?=[A-Z])", " ")
                  .toLowerCase(Locale.ROOT);
    } else if (e instanceof NullPointerException) {
      detail = "a value exa needs is missing";
    } else {
      detail = "a value in it is none exa writes";
    }
    return new StoreException(
        file,
        file
            + " holds a value no version of exa writes ("
            + detail
            + "): it was changed by another program or damaged; nothing was changed. Restore it"
            + " from a backup ("
            + BACKUP
            + "), or correct that value with sqlite3",
        e);
  }

  /** A file-system failure while writing {@code file}, explained. */
  static StoreException writing(Path file, IOException e) {
    String reason =
        e instanceof FileSystemException fs && fs.getReason() != null
            ? fs.getReason()
            : e.getMessage();
    String lower = String.valueOf(reason).toLowerCase(java.util.Locale.ROOT);
    String fix;
    if (lower.contains("no space")) {
      fix =
          "the disk is full: free space on it (df -h "
              + file.toAbsolutePath().getParent()
              + ") and run the command again";
    } else if (e instanceof AccessDeniedException
        || lower.contains("read-only")
        || lower.contains("not permitted")
        || lower.contains("permission")) {
      fix =
          "it or its directory is read-only or immutable for this user: check with ls -ld and"
              + " lsattr, then make it writable (chmod u+w, chattr -i) or mount the volume read-write";
    } else {
      fix = "check the disk (dmesg, df -h) and the permissions of the file and its directory";
    }
    return new StoreException(
        file, "cannot write " + file + " (" + reason + "); it was left as it was; " + fix, e);
  }

  private static StoreException full(Path file, SQLException e) {
    return new StoreException(
        file,
        "the disk holding "
            + file
            + " is full (SQLite: "
            + driverWords(e)
            + "); nothing was"
            + " written. Free space on it (df -h "
            + file.toAbsolutePath().getParent()
            + ") and run the command again",
        e);
  }

  private static Path directory(Path file) {
    return file.toAbsolutePath().getParent();
  }

  private static boolean isDiskFull(SQLException e) {
    return String.valueOf(e.getMessage()).toLowerCase(java.util.Locale.ROOT).contains("full");
  }

  /** The driver's message without its repeated code prefix: "[SQLITE_CORRUPT] ... (...)". */
  private static String driverWords(SQLException e) {
    String text = String.valueOf(e.getMessage());
    return text.length() > 200 ? text.substring(0, 200) + "..." : text;
  }
}
