package io.examlops.fleet.transport;

import io.examlops.fleet.transport.TransportException.Step;
import java.io.IOException;
import java.io.InputStream;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/** Runs each command as {@code sh -c COMMAND} on this machine, with stdin closed. */
public final class LocalRunner implements CommandRunner {
  static final String TARGET = "local";

  private final TransportOptions options;
  private final AtomicInteger commandsRun = new AtomicInteger();

  public LocalRunner(TransportOptions options) {
    this.options = options;
  }

  @Override
  public CommandResult run(String command) {
    commandsRun.incrementAndGet();
    Process process = start(command);
    BoundedOutput stdout = new BoundedOutput(options.maxOutputBytes());
    BoundedOutput stderr = new BoundedOutput(options.maxOutputBytes());
    Thread stdoutPump = pump(process.getInputStream(), stdout, "stdout");
    Thread stderrPump = pump(process.getErrorStream(), stderr, "stderr");
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
    return new CommandResult(
        command,
        process.exitValue(),
        stdout.text(),
        stderr.text(),
        stdout.truncated() || stderr.truncated());
  }

  private static Process start(String command) {
    try {
      ProcessBuilder builder = new ProcessBuilder("sh", "-c", command);
      // Scheduler commands have no use for the SSH key passphrase: keep it in this process.
      builder.environment().remove(PrivateKeyFile.PASSPHRASE_VARIABLE);
      Process process = builder.start();
      // Query commands never read input; a closed stdin makes one that tries fail instead of hang.
      process.getOutputStream().close();
      return process;
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

  private static void join(Thread pump, long deadlineNanos) throws InterruptedException {
    long remainingMillis = TimeUnit.NANOSECONDS.toMillis(deadlineNanos - System.nanoTime());
    pump.join(Math.max(remainingMillis, 1));
  }

  private static void killTree(Process process) {
    process.descendants().forEach(ProcessHandle::destroyForcibly);
    process.destroyForcibly();
  }

  private static void closeQuietly(InputStream stream) {
    try {
      stream.close();
    } catch (IOException e) {
      // Nothing more to read from a pipe that cannot even be closed.
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
