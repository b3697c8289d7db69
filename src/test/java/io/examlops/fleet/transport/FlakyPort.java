package io.examlops.fleet.transport;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A loopback port in front of a server that hangs up on the first connections it accepts, as an
 * sshd past its {@code MaxStartups} does, and passes the later ones through to the server.
 */
final class FlakyPort implements AutoCloseable {
  private final ServerSocket listening;
  private final int target;
  private final int hangUps;
  private final AtomicInteger accepted = new AtomicInteger();
  private final List<Socket> open = new CopyOnWriteArrayList<>();

  /**
   * @param target the server's port
   * @param hangUps how many connections to close at once before passing one through
   */
  FlakyPort(int target, int hangUps) throws IOException {
    this.listening = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    this.target = target;
    this.hangUps = hangUps;
    daemon(this::accept, "flaky-port");
  }

  int port() {
    return listening.getLocalPort();
  }

  /** How many connections it has accepted, those it hung up on included. */
  int accepted() {
    return accepted.get();
  }

  private void accept() {
    try {
      while (true) {
        Socket client = listening.accept();
        if (accepted.incrementAndGet() <= hangUps) {
          client.close();
          continue;
        }
        Socket server = new Socket(InetAddress.getLoopbackAddress(), target);
        open.add(client);
        open.add(server);
        daemon(() -> pump(client, server), "flaky-port-out");
        daemon(() -> pump(server, client), "flaky-port-in");
      }
    } catch (IOException e) {
      // closed: the test is over
    }
  }

  private static void pump(Socket from, Socket to) {
    try (InputStream in = from.getInputStream();
        OutputStream out = to.getOutputStream()) {
      in.transferTo(out);
    } catch (IOException e) {
      // one side went away; closing both below ends the other direction too
    } finally {
      closeQuietly(from);
      closeQuietly(to);
    }
  }

  private static void daemon(Runnable work, String name) {
    Thread thread = new Thread(work, name);
    thread.setDaemon(true);
    thread.start();
  }

  private static void closeQuietly(Socket socket) {
    try {
      socket.close();
    } catch (IOException e) {
      // nothing left to do with it
    }
  }

  @Override
  public void close() throws IOException {
    listening.close();
    open.forEach(FlakyPort::closeQuietly);
  }
}
