package io.examlops.fleet.faults;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * File faults made for real, with the tools an admin would meet them through: an immutable file
 * ({@code chattr +i}, which even root cannot write), a read-only bind mount, a full disk (a small
 * tmpfs). Each is an {@link AutoCloseable} that undoes itself, for try-with-resources, so a failing
 * test leaves no flag or mount behind. Setting a fault up needs root; without it the test fails
 * (never skips), saying so.
 */
final class Faults {
  private Faults() {}

  /** A fault in place, undone by {@link #close}. */
  interface Fault extends AutoCloseable {
    @Override
    void close() throws IOException, InterruptedException;
  }

  static void requireRoot() throws IOException, InterruptedException {
    String uid = run("id", "-u").strip();
    if (!uid.equals("0")) {
      throw new AssertionError(
          "these fault tests need root (chattr +i, mount): run them as root, as CI does (uid is "
              + uid
              + ")");
    }
  }

  /** {@code chattr +i FILE}: no one, root included, may write, replace or remove it. */
  static Fault immutable(Path file) throws IOException, InterruptedException {
    requireRoot();
    run("chattr", "+i", file.toString());
    if (!run("lsattr", "-d", file.toString()).split(" ")[0].contains("i")) {
      throw new AssertionError("chattr +i did not make " + file + " immutable");
    }
    return () -> run("chattr", "-i", file.toString());
  }

  /** {@code DIR} bind-mounted onto itself, read-only. */
  static Fault readOnly(Path dir) throws IOException, InterruptedException {
    requireRoot();
    run("mount", "--bind", dir.toString(), dir.toString());
    try {
      run("mount", "-o", "remount,ro,bind", dir.toString());
    } catch (AssertionError e) {
      run("umount", dir.toString());
      throw e;
    }
    return () -> run("umount", dir.toString());
  }

  /**
   * A tmpfs of {@code kib} KiB mounted on the empty directory {@code dir}; {@link #fill} then
   * leaves no free space on it.
   */
  static Fault tmpfs(Path dir, int kib) throws IOException, InterruptedException {
    requireRoot();
    run("mount", "-t", "tmpfs", "-o", "size=" + kib + "k", "tmpfs", dir.toString());
    return () -> run("umount", dir.toString());
  }

  /** Writes {@code dir/filler} until the file system has no space left. */
  static void fill(Path dir) throws IOException {
    byte[] block = new byte[4096];
    try (OutputStream out = Files.newOutputStream(dir.resolve("filler"))) {
      while (true) {
        out.write(block);
        out.flush();
      }
    } catch (IOException full) {
      if (!String.valueOf(full.getMessage()).contains("space")) {
        throw full;
      }
    }
  }

  static String run(String... command) throws IOException, InterruptedException {
    Process p = new ProcessBuilder(List.of(command)).redirectErrorStream(true).start();
    p.getOutputStream().close();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0) {
      throw new AssertionError(String.join(" ", command) + " failed: " + out);
    }
    return out;
  }
}
