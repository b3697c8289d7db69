package io.examlops.fleet.transport;

import com.jcraft.jsch.ChannelExec;
import com.jcraft.jsch.JSch;
import com.jcraft.jsch.JSchException;
import com.jcraft.jsch.Session;
import io.examlops.fleet.model.Hint;
import io.examlops.fleet.transport.TransportException.Step;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;

/**
 * Runs commands on one host over SSH: one connection, opened on the first command and shared by
 * every later one, closed by {@link #close()}. Each command runs on its own channel of it, up to
 * {@link TransportOptions#maxChannels()} at once from any number of threads. Keepalives notice a
 * connection that died; the next command makes it again, and a command is never sent twice. The
 * connection goes through the target's jump hosts, each one's host key verified like the target's.
 * Public-key authentication only (a key file, with its certificate when one lies beside it, or the
 * ssh-agent's keys), no pseudo-terminal, no environment sent, no agent forwarding: what connects is
 * exactly what the {@link SshTarget} says (~/.ssh/config was read, if at all, when the target was
 * made).
 */
public final class SshRunner implements CommandRunner {
  private static final long POLL_MILLIS = 5;
  // A connection that died without a word (a login node rebooted, a firewall forgot it) is noticed
  // after three keepalives unanswered 15 s apart, not only when a command's channel fails.
  private static final int KEEPALIVE_MILLIS = 15_000;
  private static final int KEEPALIVE_COUNT = 3;
  // What jsch says when it finds the session closed before it sent a channel's exec request.
  private static final String SESSION_DOWN = "session is down";

  private final SshTarget target;
  private final HostKeyPolicy policy;
  private final TransportOptions options;
  private final ClientEnvironment client;
  private final Semaphore channels;
  private final AtomicInteger commandsRun = new AtomicInteger();
  // The fields below are guarded by this runner's monitor, which a connect holds throughout.
  private Session session;
  private List<Session> jumpSessions = List.of();
  private String hostKeyFingerprint;
  private String clientKeyFingerprint;
  // A hop that presented a host certificate has no key to record: null in its place.
  private final List<String> jumpHostKeyFingerprints = new ArrayList<>();
  // Rounds of connecting finished, and how the last one failed (null: it succeeded).
  private volatile long connects;
  private RuntimeException connectFailure;

  public SshRunner(
      SshTarget target, HostKeyPolicy policy, TransportOptions options, ClientEnvironment client) {
    this.target = target;
    this.policy = policy;
    this.options = options;
    this.client = client;
    this.channels = new Semaphore(options.maxChannels(), true);
    if (!policy.jumpPins().isEmpty() && policy.jumpPins().size() != target.jumps().size()) {
      throw new IllegalArgumentException(
          policy.jumpPins().size()
              + " jump host keys pinned for "
              + target.jumps().size()
              + " jump hosts to "
              + target.route());
    }
  }

  @Override
  public CommandResult run(String command, byte[] stdin) {
    try {
      channels.acquire();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new TransportException(
          target.label(),
          Step.COMMAND,
          "interrupted while `" + command + "` waited for a free channel",
          e);
    }
    try {
      commandsRun.incrementAndGet();
      return runOnChannel(command, stdin);
    } finally {
      channels.release();
    }
  }

  private CommandResult runOnChannel(String command, byte[] stdin) {
    BoundedOutput stdout = new BoundedOutput(options.maxOutputBytes());
    BoundedOutput stderr = new BoundedOutput(options.maxOutputBytes());
    ChannelExec channel = start(command, stdin, stdout, stderr);
    try {
      long deadline = System.nanoTime() + options.commandTimeout().toNanos();
      while (!channel.isClosed()) {
        if (System.nanoTime() > deadline) {
          stop(channel);
          throw new TransportException(
              target.label(),
              Step.TIMEOUT,
              "`"
                  + command
                  + "` did not finish within "
                  + TransportOptions.seconds(options.commandTimeout())
                  + "; it was sent SIGKILL and its channel closed. Find out why it hangs on the"
                  + " host, or raise the command timeout");
        }
        Thread.sleep(POLL_MILLIS);
      }
    } catch (InterruptedException e) {
      stop(channel);
      Thread.currentThread().interrupt();
      throw new TransportException(
          target.label(), Step.COMMAND, "interrupted while running `" + command + "`", e);
    } finally {
      channel.disconnect();
    }
    // A server reports how every command ended: its exit status, or the signal that killed it.
    if (channel.getExitStatus() == -1 && channel.getExitSignal() == null) {
      throw lost(command);
    }
    // -1: killed by a signal, which the server reports instead of an exit status.
    return BoundedOutput.result(command, channel.getExitStatus(), stdout, stderr);
  }

  /**
   * The command's channel, opened on the connection (made now if there is none). A session found
   * down before the channel opened is the one failure tried again, once, on a fresh connection:
   * jsch reports it ({@value #SESSION_DOWN}) only before it sends the exec request, so the command
   * has not started, and sending it now runs it once. Every later failure is final and the command
   * is not sent again: once the exec request is on its way the command may be running, and a second
   * run could do its work twice (sbatch would submit the job twice).
   */
  private ChannelExec start(
      String command, byte[] stdin, BoundedOutput stdout, BoundedOutput stderr) {
    return open(connected(), command, stdin, stdout, stderr)
        .or(() -> open(connected(), command, stdin, stdout, stderr))
        .orElseThrow(
            () ->
                new TransportException(
                    target.label(),
                    Step.COMMAND,
                    "cannot start `"
                        + command
                        + "`: the connection dropped twice before its channel opened, so it did"
                        + " not run; see the host's sshd log for why it ends connections"));
  }

  /** The channel running the command; empty when the session was down before it opened. */
  private Optional<ChannelExec> open(
      Session connected, String command, byte[] stdin, BoundedOutput stdout, BoundedOutput stderr) {
    try {
      ChannelExec channel = (ChannelExec) connected.openChannel("exec");
      channel.setCommand(command.getBytes(StandardCharsets.UTF_8));
      // No input stream is given to jsch: with one it starts a feeder thread that races the
      // channel's close (a command that ends at once left it null: an NPE in connect). The bytes
      // are written here instead, then EOF, so a command that reads input ends instead of hanging.
      channel.setOutputStream(stdout, true);
      channel.setExtOutputStream(stderr, true);
      channel.connect(Math.toIntExact(options.connectTimeout().toMillis()));
      feed(channel, command, stdin);
      return Optional.of(channel);
    } catch (JSchException e) {
      if (SESSION_DOWN.equals(e.getMessage())) {
        return Optional.empty();
      }
      throw new TransportException(
          target.label(),
          Step.COMMAND,
          "cannot start `"
              + command
              + "` ("
              + e.getMessage()
              + "); the server may limit sessions per connection"
              + " (sshd MaxSessions) or have dropped the connection",
          e);
    }
  }

  /** The command started and its connection ended before it reported how it ended. */
  private TransportException lost(String command) {
    return new TransportException(
        target.label(),
        Step.COMMAND,
        "the connection was lost while `"
            + command
            + "` ran: it may have run in part or to the end on the host, so it is not run again (a"
            + " second submission would send its job twice); check on the host what it did, and the"
            + " host's sshd log for why the connection ended");
  }

  private void feed(ChannelExec channel, String command, byte[] stdin) {
    try (OutputStream in = channel.getOutputStream()) {
      in.write(stdin);
    } catch (IOException e) {
      // A command that ended without reading its input closed the channel first; that is its
      // business, and its exit status says how it went.
      if (!channel.isClosed() && !channel.isEOF()) {
        stop(channel);
        channel.disconnect();
        throw new TransportException(
            target.label(),
            Step.COMMAND,
            "cannot send input to `" + command + "` (" + e.getMessage() + ")",
            e);
      }
    }
  }

  private static void stop(ChannelExec channel) {
    try {
      channel.sendSignal("KILL");
    } catch (Exception e) {
      // Not every server honours signal requests; closing the channel below still ends it.
    }
  }

  /**
   * The connection, made now when there is none or it dropped. One connect at a time: the callers
   * that waited for it share the connection it made, or the failure it met (a host that is down
   * answers them all at once, not each in turn).
   */
  private Session connected() {
    long seen = connects;
    synchronized (this) {
      if (session != null && session.isConnected()) {
        return session;
      }
      if (connects != seen && connectFailure != null) {
        throw connectFailure;
      }
      try {
        Session made = connectWithRetries();
        connectFailure = null;
        return made;
      } catch (RuntimeException e) {
        connectFailure = e;
        throw e;
      } finally {
        connects++;
      }
    }
  }

  /**
   * Connects, and again after a backoff when that failed for a network reason ({@link
   * SshFailures#worthRetrying}): a refused host key or client key fails at once.
   */
  private Session connectWithRetries() {
    for (int attempt = 1; ; attempt++) {
      try {
        return connectRoute();
      } catch (TransportException e) {
        if (attempt == Backoff.CONNECT.attempts() || !SshFailures.worthRetrying(e)) {
          throw e;
        }
        try {
          Thread.sleep(
              Backoff.CONNECT
                  .waitAfter(attempt, ThreadLocalRandom.current().nextDouble())
                  .toMillis());
        } catch (InterruptedException interrupted) {
          Thread.currentThread().interrupt();
          throw e;
        }
      }
    }
  }

  private Session connectRoute() {
    close();
    jumpHostKeyFingerprints.clear();
    List<SshTarget> route = new ArrayList<>(target.jumps());
    route.add(target);
    List<Session> chain = new ArrayList<>();
    try {
      for (int i = 0; i < route.size(); i++) {
        boolean last = i == route.size() - 1;
        Session via = chain.isEmpty() ? null : chain.get(chain.size() - 1);
        chain.add(
            last
                ? connect(target, target.label(), policy, via)
                : connect(route.get(i), hopLabel(i), policy.forJumpHost(i), via));
      }
    } catch (RuntimeException e) {
      disconnect(chain);
      throw e;
    }
    session = chain.remove(chain.size() - 1);
    jumpSessions = chain;
    return session;
  }

  /** {@code jump@bastion:22 (jump host 1 of 2 to user@host:port)}, naming the hop in errors. */
  private String hopLabel(int index) {
    return target.jumps().get(index).label()
        + " (jump host "
        + (index + 1)
        + " of "
        + target.jumps().size()
        + " to "
        + target.label()
        + ")";
  }

  /** One SSH session to {@code hop}, directly or through the session to the hop before it. */
  private Session connect(SshTarget hop, String label, HostKeyPolicy hopPolicy, Session via) {
    HostKeyVerifier verifier = new HostKeyVerifier(hop, label, hopPolicy, client.warnings());
    JSch jsch = new JSch();
    ClientIdentity identity =
        ClientIdentity.load(jsch, hop, label, hop == target ? client : client.forJumpHost());
    JumpChannel tunnel = via == null ? null : new JumpChannel(via);
    try {
      Session opened = jsch.getSession(hop.user(), hop.host(), hop.port());
      configure(opened, verifier);
      if (tunnel != null) {
        opened.setProxy(tunnel);
      }
      opened.connect(Math.toIntExact(options.connectTimeout().toMillis()));
      String presented = verifier.seen().map(HostKeyVerifier.SeenKey::fingerprint).orElse(null);
      if (presented == null) {
        verifier.certificateTaken();
      }
      if (hop == target) {
        hostKeyFingerprint = presented;
        clientKeyFingerprint = identity.used().orElse(null);
      } else {
        jumpHostKeyFingerprints.add(presented);
      }
      return opened;
    } catch (JSchException e) {
      if (hop == target) {
        // Kept even when refused: the registry records a changed host key against the approval.
        hostKeyFingerprint = verifier.seen().map(HostKeyVerifier.SeenKey::fingerprint).orElse(null);
      }
      if (tunnel != null && tunnel.failure().isPresent()) {
        throw new TransportException(label, Step.CONNECT, tunnel.failure().get(), e);
      }
      throw SshFailures.connectFailed(
          hop,
          label,
          options,
          verifier.refusal(),
          verifier.refusedUnknownKey()
              ? Optional.of(Hint.of(Hint.Action.ACCEPT_NEW_HOST_KEY))
              : Optional.empty(),
          identity.description(),
          e);
    } finally {
      identity.forget();
    }
  }

  private static void disconnect(List<Session> chain) {
    for (int i = chain.size() - 1; i >= 0; i--) {
      chain.get(i).disconnect();
    }
  }

  private static void configure(Session session, HostKeyVerifier verifier) throws JSchException {
    session.setHostKeyRepository(verifier);
    session.setServerAliveInterval(KEEPALIVE_MILLIS);
    session.setServerAliveCountMax(KEEPALIVE_COUNT);
    session.setConfig("StrictHostKeyChecking", "yes");
    // Keys only, like ssh -o BatchMode=yes: never a password or keyboard-interactive prompt.
    session.setConfig("PreferredAuthentications", "publickey");
    // A host certificate is checked by jsch itself, against the CA lines the verifier gives it:
    // asked for (first, as OpenSSH does) only where the verifier takes one, else plain keys only.
    String algorithms = session.getConfig("server_host_key");
    session.setConfig(
        "server_host_key",
        verifier.acceptsCertificates()
            ? certificatesFirst(algorithms)
            : withoutCertificates(algorithms));
    session.setDaemonThread(true);
  }

  private static String withoutCertificates(String algorithms) {
    return Arrays.stream(algorithms.split(","))
        .filter(algorithm -> !certificate(algorithm))
        .collect(Collectors.joining(","));
  }

  private static String certificatesFirst(String algorithms) {
    return Arrays.stream(algorithms.split(","))
        .sorted(Comparator.comparing(algorithm -> !certificate(algorithm)))
        .collect(Collectors.joining(","));
  }

  private static boolean certificate(String algorithm) {
    return algorithm.endsWith("-cert-v01@openssh.com");
  }

  /**
   * The SHA256 fingerprint of the host key the server presented at the last connect, for the audit
   * trail; also set when that key was refused; empty when the host presented a certificate (jsch
   * does not hand back the key it certifies).
   */
  public synchronized Optional<String> hostKeyFingerprint() {
    return Optional.ofNullable(hostKeyFingerprint);
  }

  /**
   * The SHA256 fingerprints of the host keys the jump hosts presented at the last connect, in
   * connection order (what registering a cluster reached through them records), {@code null} for
   * one that presented a certificate; empty for a direct connection or before one succeeded.
   */
  public synchronized List<String> jumpHostKeyFingerprints() {
    return Collections.unmodifiableList(new ArrayList<>(jumpHostKeyFingerprints));
  }

  @Override
  public String target() {
    return target.route();
  }

  @Override
  public int commandsRun() {
    return commandsRun.get();
  }

  /**
   * The SHA256 fingerprint of the client key the target accepted at the last connect: the key
   * file's, or the ssh-agent key that signed; empty before a connection succeeded.
   */
  public synchronized Optional<String> clientKeyFingerprint() {
    return Optional.ofNullable(clientKeyFingerprint);
  }

  @Override
  public synchronized void close() {
    if (session != null) {
      session.disconnect();
      session = null;
    }
    disconnect(jumpSessions);
    jumpSessions = List.of();
  }
}
