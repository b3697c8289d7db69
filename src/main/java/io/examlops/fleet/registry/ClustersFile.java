package io.examlops.fleet.registry;

import io.examlops.fleet.model.ClusterDefinition;
import io.examlops.fleet.model.ClusterName;
import io.examlops.fleet.model.JumpHost;
import io.examlops.fleet.model.OwnerOnly;
import io.examlops.fleet.settings.RegistryLocations;
import io.examlops.fleet.settings.UserHome;
import io.examlops.fleet.settings.Variables;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;

/**
 * clusters.yaml: the human-editable connection definitions. Every read validates the whole file
 * (syntax, keys, names, values, key files); the tool's own edits change one entry's text, are
 * serialized across processes by a lock file beside it, and replace the file atomically.
 */
public final class ClustersFile {
  static final String HEADER =
      "# HPC Fleet cluster definitions: one entry per cluster under 'clusters:'.\n"
          + "# Listing a cluster here grants nothing: it receives work once an admin approved it.\n"
          + "# Keys are referenced by path (key:), never pasted in.\n";

  // FileLock is per process; this keeps two threads of one process from both asking for it.
  private static final ReentrantLock IN_PROCESS = new ReentrantLock();
  // As many as Linux follows (MAXSYMLINKS) before it reports a loop.
  private static final int MAX_LINKS = 40;

  private final Path path;
  private final UserHome home;
  private final WriteHook hook;
  private volatile ClustersYaml.Document lastParsed;

  /**
   * @param path the file (see {@link RegistryLocations})
   * @param home what {@code ~} in key paths means
   */
  public ClustersFile(Path path, UserHome home) {
    this(path, home, WriteHook.NONE);
  }

  /** As {@link #ClustersFile(Path, UserHome)}, with {@code hook} called before each rename. */
  public ClustersFile(Path path, UserHome home, WriteHook hook) {
    this.path = path;
    this.home = home;
    this.hook = hook;
  }

  public Path path() {
    return path;
  }

  /** All definitions in file order; none when the file does not exist yet. */
  public List<ClusterDefinition> read() {
    return load(currentText()).definitions();
  }

  /**
   * Refuses a file that holds no {@code clusters:} section at all (it does not exist, is a dangling
   * symbolic link, is empty or holds comments only) while {@code approved}, asked only then, names
   * clusters that platform.db ({@code database}) records as approved: their definitions were lost,
   * and an empty fleet would hide it. A file that says {@code clusters: {}} means no definitions on
   * purpose.
   */
  void requireSectionWhile(Supplier<List<String>> approved, Path database) {
    Path target = target();
    String absence;
    if (!Files.exists(target)) {
      absence =
          target.equals(path.toAbsolutePath())
              ? "does not exist"
              : "is a symbolic link to " + target + ", which does not exist";
    } else {
      String text = currentText();
      if (parsed(text).shape() != ClustersYaml.Shape.MISSING) {
        return;
      }
      absence = text.isBlank() ? "is empty" : "holds no 'clusters:' section";
    }
    List<String> names = approved.get();
    if (names.isEmpty()) {
      return;
    }
    throw new ClustersFileException(
        path,
        0,
        absence
            + ", while "
            + database
            + " records "
            + (names.size() == 1 ? "1 approved cluster (" : names.size() + " approved clusters (")
            + String.join(", ", names.subList(0, Math.min(names.size(), 5)))
            + (names.size() > 5 ? ", ..." : "")
            + "): their definitions were lost; nothing was changed",
        "restore the file from a backup (docs/fleet.md, \"Backup and restore\")"
            + (absence.startsWith("is a symbolic link")
                ? " or point the link at the fleet's clusters.yaml"
                : "")
            + ", or, to keep no definitions on purpose, write 'clusters: {}' in it");
  }

  public Optional<ClusterDefinition> find(String name) {
    ClusterName.require(name);
    return read().stream().filter(d -> d.name().equals(name)).findFirst();
  }

  /**
   * Adds the definition, or updates its entry in place. Comments, order and other entries are kept;
   * the file is written to a temporary file, synced and renamed over the old one. When {@code
   * clusters.yaml} is a symbolic link, the file it points to is edited, in its own directory, and
   * the link is kept.
   *
   * @return the edit, which can be taken back while nobody else changed the file since
   */
  public Edit upsert(ClusterDefinition definition) {
    if (definition.keyPath() != null) {
      try {
        KeyFiles.check(home.expand(definition.keyPath()));
      } catch (IllegalArgumentException e) {
        throw new RegistryException("cluster '" + definition.name() + "': " + e.getMessage());
      }
    }
    return locked(
        target -> {
          String before = currentText();
          String after =
              ClustersYamlEditor.upsert(
                  load(before.isEmpty() && !Files.exists(target) ? HEADER : before),
                  definition,
                  path);
          boolean created = !Files.exists(target);
          if (!after.equals(before)) {
            if (!before.equals(currentText())) {
              throw new RegistryException(
                  path
                      + " was changed by someone else while it was being updated; nothing was"
                      + " written; run the command again");
            }
            replace(target, after);
          }
          return new Edit(this, before, after, created);
        });
  }

  /**
   * One edit of the file by {@link #upsert}: the text before and after, so that it can be undone
   * when the governance change it belongs to could not be stored.
   *
   * @param created whether the edit created the file
   */
  public record Edit(ClustersFile file, String before, String after, boolean created) {
    /**
     * Puts the text back as it was before this edit, unless someone changed the file since, which
     * is reported instead (their change is kept).
     */
    public void undo() {
      if (before.equals(after)) {
        return;
      }
      file.restore(this);
    }
  }

  private void restore(Edit edit) {
    locked(
        target -> {
          if (!edit.after().equals(currentText())) {
            throw new RegistryException(
                path
                    + " was changed by someone else after this command's edit, so the edit could"
                    + " not be taken back; check the file and remove the entry this command added"
                    + " if it should not be there");
          }
          if (edit.created()) {
            Files.delete(target);
          } else {
            replace(target, edit.before());
          }
          return null;
        });
  }

  /** What runs under the clusters.yaml lock, given the file to write. */
  private interface LockedWork<T> {
    T run(Path target) throws IOException;
  }

  @SuppressWarnings("try") // the lock is held for the block's duration, never referenced
  private <T> T locked(LockedWork<T> work) {
    Path target = target();
    IN_PROCESS.lock();
    try {
      PrivateFiles.createDirectories(target.getParent());
      try (FileChannel lockFile =
              FileChannel.open(
                  lockPath(target), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
          FileLock held = lockFile.lock()) {
        removeStaleTemporaries(target);
        return work.run(target);
      }
    } catch (IOException e) {
      throw StoreFailures.writing(path, e);
    } finally {
      IN_PROCESS.unlock();
    }
  }

  /**
   * The file edits go to: the path itself, or, when it is a symbolic link, the file at the end of
   * its links (which may not exist yet, if its directory does). A loop, or a link into a directory
   * that does not exist, is an error.
   */
  private Path target() {
    Path current = path.toAbsolutePath();
    try {
      for (int hops = 0; Files.isSymbolicLink(current); hops++) {
        if (hops == MAX_LINKS) {
          throw new StoreException(
              path,
              path
                  + " is a symbolic link loop (more than "
                  + MAX_LINKS
                  + " links without reaching"
                  + " a file); point it at the real clusters.yaml, e.g. ln -sfn /etc/examlops/"
                  + "clusters.yaml "
                  + path);
        }
        current = current.getParent().resolve(Files.readSymbolicLink(current)).normalize();
      }
    } catch (IOException e) {
      throw new StoreException(
          path, path + " cannot be read (" + e + "); check its permissions", e);
    }
    if (!current.equals(path.toAbsolutePath())
        && !Files.exists(current)
        && !Files.isDirectory(current.getParent())) {
      throw new StoreException(
          path,
          path
              + " is a symbolic link to "
              + current
              + ", which does not exist, and neither does"
              + " its directory "
              + current.getParent()
              + "; mount or create that directory, or"
              + " point the link at an existing clusters.yaml");
    }
    return current;
  }

  private void checkKey(ClustersYaml.Entry entry, String field, String keyPath) {
    if (keyPath == null) {
      return;
    }
    try {
      KeyFiles.check(home.expand(keyPath));
    } catch (IllegalArgumentException | RegistryException e) {
      throw new ClustersFileException(
          path,
          entry.fields().get(field).line(),
          "cluster '" + entry.name() + "': " + e.getMessage(),
          "");
    }
  }

  /**
   * The clusters.yaml text that holds just this definition, as the tool would write it: what {@code
   * exa hpc detect} suggests. Pure; nothing is read or written.
   */
  public static String entryText(ClusterDefinition definition) {
    Path nowhere = Path.of("clusters.yaml");
    return ClustersYamlEditor.upsert(ClustersYaml.parse(HEADER, nowhere), definition, nowhere);
  }

  /** A key file clusters.yaml names, with {@code ~} expanded. */
  public Path keyFile(String keyPath) {
    return home.expand(keyPath);
  }

  private ClustersYaml.Document load(String text) {
    ClustersYaml.Document document = parsed(text);
    for (ClustersYaml.Entry entry : document.entries()) {
      ClusterDefinition d = entry.definition();
      checkKey(entry, "key", d.keyPath());
      for (JumpHost hop : d.jumps()) {
        checkKey(entry, "jump_keys", hop.keyPath());
      }
    }
    return document;
  }

  /**
   * The text's document; the last one parsed is kept, because a long-lived process (the console)
   * looks up one cluster after another in a file that has not changed. Keyed by the text itself:
   * what the key files say is checked on every read.
   */
  private ClustersYaml.Document parsed(String text) {
    ClustersYaml.Document last = lastParsed;
    if (last != null && last.text().equals(text)) {
      return last;
    }
    ClustersYaml.Document document = ClustersYaml.parse(text, path);
    lastParsed = document;
    return document;
  }

  private String currentText() {
    Path target = target();
    if (!Files.exists(target)) {
      return "";
    }
    if (Files.isDirectory(path)) {
      throw new ClustersFileException(
          path,
          0,
          "is a directory, not a file",
          "point " + Variables.REGISTRY + " at a file, e.g. " + path.resolve("clusters.yaml"));
    }
    // Type and size first: a FIFO would block the read, /dev/zero never end it.
    if (!Files.isRegularFile(target)) {
      throw new ClustersFileException(
          path,
          0,
          "is not a regular file (a device, a FIFO or a socket); nothing was read",
          "point " + Variables.REGISTRY + " at a clusters.yaml file");
    }
    try {
      long size = Files.size(target);
      if (size > 4L * ClustersYaml.MAX_FILE_CHARS) {
        throw new ClustersFileException(
            path,
            0,
            "is "
                + size
                + " bytes, far over the "
                + ClustersYaml.MAX_FILE_CHARS
                + " characters a registry may have; nothing was read",
            "point " + Variables.REGISTRY + " at the fleet's clusters.yaml");
      }
      byte[] bytes = Files.readAllBytes(target);
      return StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(bytes)).toString();
    } catch (CharacterCodingException e) {
      throw new ClustersFileException(path, 0, "is not UTF-8 text", "save it as UTF-8");
    } catch (IOException e) {
      throw new ClustersFileException(path, 0, "cannot be read: " + e, "check its permissions");
    }
  }

  private void replace(Path target, String text) throws IOException {
    Path directory = target.toAbsolutePath().getParent();
    Path temporary = Files.createTempFile(directory, temporaryPrefix(target), ".tmp");
    try {
      try (FileChannel out = FileChannel.open(temporary, StandardOpenOption.WRITE)) {
        ByteBuffer bytes = ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8));
        while (bytes.hasRemaining()) {
          out.write(bytes);
        }
        out.force(true);
      }
      keepPermissions(target, temporary);
      hook.reached(WriteHook.WriteStep.CLUSTERS_YAML_BEFORE_RENAME);
      Files.move(
          temporary, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      syncDirectory(directory);
    } finally {
      Files.deleteIfExists(temporary);
    }
  }

  private static void keepPermissions(Path target, Path temporary) throws IOException {
    try {
      Files.setPosixFilePermissions(
          temporary, Files.exists(target) ? Files.getPosixFilePermissions(target) : OwnerOnly.FILE);
    } catch (UnsupportedOperationException e) {
      // not a POSIX file system: the temporary file keeps the platform's defaults
    }
  }

  private static void syncDirectory(Path directory) {
    try (FileChannel dir = FileChannel.open(directory, StandardOpenOption.READ)) {
      dir.force(true);
    } catch (IOException e) {
      // Some platforms cannot sync a directory; the rename itself is still atomic there.
    }
  }

  // Under the lock no other writer is between write and rename, so any temporary file is a
  // leftover of a writer that died.
  private static void removeStaleTemporaries(Path target) throws IOException {
    Path directory = target.toAbsolutePath().getParent();
    String glob = temporaryPrefix(target) + "*.tmp";
    try (DirectoryStream<Path> stale = Files.newDirectoryStream(directory, glob)) {
      for (Path file : stale) {
        Files.deleteIfExists(file);
      }
    }
  }

  private static String temporaryPrefix(Path target) {
    return "." + target.getFileName() + ".";
  }

  private static Path lockPath(Path target) {
    return target.resolveSibling(target.getFileName() + ".lock");
  }
}
