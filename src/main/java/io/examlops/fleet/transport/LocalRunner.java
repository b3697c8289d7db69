package io.examlops.fleet.transport;

import io.examlops.fleet.settings.Variables;
import io.examlops.fleet.transport.TransportException.Step;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Runs each command as {@code sh -c COMMAND} on this machine; its stdin gets the given bytes, then
 * end of file.
 */
public final class LocalRunner implements CommandRunner {
  static final String TARGET = "local";

  private final TransportOptions options;
  private final AtomicInteger commandsRun = new AtomicInteger();

  public LocalRunner(TransportOptions options) {
    this.options = options;
  }

  @Override
  public CommandResult run(String command, byte[] stdin) {
    commandsRun.incrementAndGet();
    Process process = start(command);
    BoundedOutput stdout = new BoundedOutput(options.maxOutputBytes());
    BoundedOutput stderr = new BoundedOutput(options.maxOutputBytes());
    Thread stdoutPump = pump(process.getInputStream(), stdout, "stdout");
    Thread stderrPump = pump(process.getErrorStream(), stderr, "stderr");
    feed(process.getOutputStream(), stdin);
    long deadline = System.nanoTime() + options.commandTimeout().toNanos();
    try {
      if (!process.waitFor(options.commandTimeout().toNanos(), TimeUnit.NANOSECONDS)) {
        killTree(process);
        throw new TransportException(
            TARGET,
            Step.TIMEOUT,
            "`"
                + command
                + "` did not finish within "
                + TransportOptions.seconds(options.commandTimeout())
                + " and was killed with its child processes; find out why it hangs, or raise"
                + " the command timeout");
      }
      // A background child can hold the pipes open after sh exits: wait only as long as the
      // command was allowed to run, then stop reading.
      join(stdoutPump, deadline);
      join(stderrPump, deadline);
    } catch (InterruptedException e) {
      killTree(process);
      Thread.currentThread().interrupt();
      throw new TransportException(
          TARGET,
          Step.COMMAND,
          "interrupted while running `" + command + "`; the command was killed",
          e);
    } finally {
      closeQuietly(process.getInputStream());
      closeQuietly(process.getErrorStream());
    }
    return BoundedOutput.result(command, process.exitValue(), stdout, stderr);
  }

  private static Process start(String command) {
    try {
      ProcessBuilder builder = new ProcessBuilder("/bin/sh", "-c", command);
      // Scheduler commands have no use for credentials, and sbatch (like the mock) hands its own
      // environment to the job: keep them in this process.
      builder.environment().keySet().removeAll(Variables.CREDENTIALS);
      return builder.start();
    } catch (IOException e) {
      throw new TransportException(
          TARGET,
          Step.COMMAND,
          "cannot start `sh -c` ("
              + e.getMessage()
              + "); check that /bin/sh exists and that the"
              + " working directory is accessible",
          e);
    }
  }

  private static Thread pump(InputStream from, BoundedOutput to, String name) {
    Thread thread =
        new Thread(
            () -> {
              try {
                from.transferTo(to);
              } catch (IOException e) {
                // The stream was closed because the command was killed or overran its deadline.
              }
            },
            "local-runner-" + name);
    thread.setDaemon(true);
    thread.start();
    return thread;
  }

  /**
   * Writes the input on its own thread, then closes the pipe: a command may fill its stdout before
   * it reads all of stdin, and a pipe holds only 64 KB, so writing here would deadlock. An empty
   * input closes stdin at once, so a command that reads input ends instead of hanging.
   */
  private static void feed(OutputStream to, byte[] input) {
    if (input.length == 0) {
      closeQuietly(to);
      return;
    }
    Thread thread =
        new Thread(
            () -> {
              try (to) {
                to.write(input);
              } catch (IOException e) {
                // The command exited (or was killed) without reading all its input: its exit
                // status and output say what happened.
              }
            },
            "local-runner-stdin");
    thread.setDaemon(true);
    thread.start();
  }

  private static void join(Thread pump, long deadlineNanos) throws InterruptedException {
    long remainingMillis = TimeUnit.NANOSECONDS.toMillis(deadlineNanos - System.nanoTime());
    pump.join(Math.max(remainingMillis, 1));
  }

  private static void killTree(Process process) {
    process.descendants().forEach(ProcessHandle::destroyForcibly);
    process.destroyForcibly();
  }

  private static void closeQuietly(Closeable stream) {
    try {
      stream.close();
    } catch (IOException e) {
      // Nothing more to do with a pipe that cannot even be closed.
    }
  }

  @Override
  public String target() {
    return TARGET;
  }

  @Override
  public int commandsRun() {
    return commandsRun.get();
  }

  @Override
  public void close() {
    // Nothing stays open between commands.
  }
}
