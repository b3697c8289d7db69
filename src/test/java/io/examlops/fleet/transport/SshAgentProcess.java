package io.examlops.fleet.transport;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A real OpenSSH {@code ssh-agent}, on a socket of its own, loaded with {@code ssh-add}: what a
 * user's login session or Jenkins' {@code sshagent} step provides. Closing it ends the agent.
 */
public final class SshAgentProcess implements AutoCloseable {
  private final Path dir;
  private final Path socket;
  private final Process agent;

  private SshAgentProcess(Path dir, Path socket, Process agent) {
    this.dir = dir;
    this.socket = socket;
    this.agent = agent;
  }

  /** Starts an agent holding no key; fails when OpenSSH's ssh-agent is not installed. */
  public static SshAgentProcess start() throws IOException, InterruptedException {
    Path dir = Files.createTempDirectory("agent");
    Path socket = dir.resolve("agent.sock");
    Process agent =
        new ProcessBuilder("ssh-agent", "-D", "-a", socket.toString())
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
            .start();
    // ssh-agent -D creates the socket before it serves; wait for it, however long that takes on a
    // busy machine, unless the agent died.
    while (!Files.exists(socket)) {
      if (!agent.isAlive()) {
        throw new AssertionError("ssh-agent exited with " + agent.exitValue());
      }
      Thread.sleep(20);
    }
    return new SshAgentProcess(dir, socket, agent);
  }

  /** The agent's socket, for {@code SSH_AUTH_SOCK}. */
  public Path socket() {
    return socket;
  }

  /**
   * Adds the private key {@code key} (a copy made private first, as ssh-add demands, then deleted:
   * afterwards only the agent holds it).
   */
  public SshAgentProcess add(Path key) throws IOException, InterruptedException {
    Path copy = Files.createTempFile(dir, "key", "");
    Files.copy(key, copy, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    Files.setPosixFilePermissions(copy, PosixFilePermissions.fromString("rw-------"));
    try {
      run(List.of("ssh-add", "-q", copy.toString()));
    } finally {
      Files.delete(copy);
    }
    return this;
  }

  /** Removes every key from the agent. */
  public SshAgentProcess removeAll() throws IOException, InterruptedException {
    run(List.of("ssh-add", "-D"));
    return this;
  }

  private void run(List<String> command) throws IOException, InterruptedException {
    ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
    builder.environment().put("SSH_AUTH_SOCK", socket.toString());
    Process process = builder.start();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
      throw new AssertionError(String.join(" ", command) + " failed: " + output);
    }
  }

  @Override
  public void close() throws InterruptedException {
    agent.destroy();
    agent.waitFor(10, TimeUnit.SECONDS);
    try (var files = Files.list(dir)) {
      for (Path file : files.toList()) {
        Files.deleteIfExists(file);
      }
      Files.deleteIfExists(dir);
    } catch (IOException e) {
      // A leftover temporary directory harms nothing.
    }
  }
}
