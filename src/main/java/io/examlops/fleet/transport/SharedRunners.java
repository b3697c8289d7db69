package io.examlops.fleet.transport;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongSupplier;

/**
 * One runner per endpoint, kept open and shared by every caller: however many commands, polls and
 * requests a process makes, a login node sees one SSH connection from it, its commands as channels
 * (an sshd drops connections that come faster than {@code MaxStartups 10:30:100} lets in). Equal
 * endpoints share a runner: same host, port, user, key, jump hosts and host-key policy.
 *
 * <p>A caller borrows a runner for a unit of work and gives it back by closing the {@link Lease}. A
 * runner nobody has borrowed for the idle time is closed; the next borrow opens a new one.
 */
public final class SharedRunners implements AutoCloseable {
  /** How long a runner nobody uses stays open. */
  public static final Duration IDLE_FOR = Duration.ofMinutes(5);

  private final Duration idleFor;
  private final LongSupplier nanoTime;
  private final Map<Endpoint, Shared> runners = new HashMap<>();

  /**
   * @param idleFor how long a runner nobody borrowed stays open
   * @param nanoTime the clock idleness is measured with ({@link System#nanoTime} but in tests)
   */
  public SharedRunners(Duration idleFor, LongSupplier nanoTime) {
    this.idleFor = idleFor;
    this.nanoTime = nanoTime;
  }

  /**
   * The process's runners: idle ones closed by a daemon thread, all closed when the JVM exits (an
   * SSH disconnect the server logs as such, not a connection reset).
   */
  public static SharedRunners process() {
    return ProcessWide.RUNNERS;
  }

  // Started on first use only: a process that reaches no cluster starts no thread.
  private static final class ProcessWide {
    static final SharedRunners RUNNERS = start();

    private static SharedRunners start() {
      SharedRunners runners = new SharedRunners(IDLE_FOR, System::nanoTime);
      IdleSweep.start("ssh", IDLE_FOR.dividedBy(5), runners::closeIdle, runners::close);
      return runners;
    }
  }

  /** The endpoint's runner, opened if there is none, lent until the lease is closed. */
  public synchronized Lease borrow(Endpoint endpoint) {
    Shared shared = runners.computeIfAbsent(endpoint, e -> new Shared(e.open()));
    shared.borrowers++;
    return new Lease(shared);
  }

  private synchronized void giveBack(Shared shared) {
    shared.borrowers--;
    shared.idleSince = nanoTime.getAsLong();
  }

  /** Closes the runners nobody has borrowed for the idle time. */
  public void closeIdle() {
    List<CommandRunner> idle = new ArrayList<>();
    synchronized (this) {
      long now = nanoTime.getAsLong();
      runners
          .values()
          .removeIf(
              shared -> {
                boolean unused =
                    shared.borrowers == 0 && now - shared.idleSince >= idleFor.toNanos();
                if (unused) {
                  idle.add(shared.runner);
                }
                return unused;
              });
    }
    idle.forEach(CommandRunner::close);
  }

  /** Closes every runner, lent or not: for the end of the process. */
  @Override
  public void close() {
    List<CommandRunner> all = new ArrayList<>();
    synchronized (this) {
      runners.values().forEach(shared -> all.add(shared.runner));
      runners.clear();
    }
    all.forEach(CommandRunner::close);
  }

  /** A runner, how many hold it, and since when nobody has (guarded by the SharedRunners). */
  private static final class Shared {
    private final CommandRunner runner;
    private int borrowers;
    private long idleSince;

    private Shared(CommandRunner runner) {
      this.runner = runner;
    }
  }

  /** A shared runner lent for one unit of work; closing the lease gives it back. */
  public final class Lease implements AutoCloseable {
    private final Shared shared;
    private final Borrowed runner;
    private boolean givenBack;

    private Lease(Shared shared) {
      this.shared = shared;
      this.runner = new Borrowed(shared.runner);
    }

    /** The runner, which counts this lease's commands only and which its borrower cannot close. */
    public CommandRunner runner() {
      return runner;
    }

    /**
     * The host key the SSH server presented at the runner's last connect, also when it was refused
     * (see {@link SshRunner#hostKeyFingerprint()}); empty locally.
     */
    public Optional<String> hostKeyFingerprint() {
      if (shared.runner instanceof SshRunner ssh) {
        return ssh.hostKeyFingerprint();
      }
      return shared.runner.api().flatMap(HttpApi::presentedCertificate);
    }

    @Override
    public void close() {
      if (!givenBack) {
        givenBack = true;
        giveBack(shared);
      }
    }
  }

  /** The shared runner as one borrower sees it. */
  private static final class Borrowed extends ForwardingRunner {
    private final AtomicInteger commandsRun = new AtomicInteger();

    /** Closing it closes nothing: others share the runner; the lease gives it back. */
    private Borrowed(CommandRunner shared) {
      super(shared);
    }

    @Override
    public CommandResult run(String command, byte[] stdin) {
      commandsRun.incrementAndGet();
      return runner.run(command, stdin);
    }

    @Override
    public int commandsRun() {
      return commandsRun.get();
    }
  }
}
