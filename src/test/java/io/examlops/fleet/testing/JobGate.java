package io.examlops.fleet.testing;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.UUID;

/**
 * Holds a job until the test lets it go: the job's script waits for a file that the test creates,
 * so that what the test checks while the job runs (or must still find running) does not race a
 * {@code sleep} in the script, however slow the machine. The file lies in a folder that the job and
 * the test share (for the testbed's jobs, hpcuser's home).
 */
public final class JobGate implements AutoCloseable {
  private final Path file;

  private JobGate(Path file) {
    this.file = file;
  }

  /** A gate that is shut until {@link #open()}, its file in {@code dir}. */
  public static JobGate in(Path dir) {
    return new JobGate(dir.resolve(".examlops-gate-" + UUID.randomUUID()));
  }

  /** The script line (sh) that waits until the gate is open. */
  public String waitLine() {
    return "while [ ! -e '" + file + "' ]; do sleep 0.2; done\n";
  }

  /** Lets the jobs that wait at this gate go on. */
  public void open() throws IOException {
    try {
      Files.createFile(file);
    } catch (FileAlreadyExistsException e) {
      // open already
    }
  }

  /** Opens the gate, so that no job is left waiting for a test that has ended. */
  @Override
  public void close() throws IOException {
    open();
  }
}
