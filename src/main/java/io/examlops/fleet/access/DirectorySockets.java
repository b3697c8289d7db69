package io.examlops.fleet.access;

import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;
import javax.net.SocketFactory;
import javax.net.ssl.SSLSocketFactory;

/**
 * The sockets of an LDAPS connection that trusts the certificates the directory's settings name
 * rather than the Java runtime's CAs. JNDI takes a socket factory by class name and calls its
 * static {@code getDefault()}, in the thread that opens the connection: {@link LdapDirectory} sets
 * the factory for that thread around the opening ({@link #using}), so that two directories (two
 * consoles in one test JVM) never share one.
 */
public final class DirectorySockets extends SocketFactory {
  private static final ThreadLocal<SSLSocketFactory> CURRENT = new ThreadLocal<>();

  private final SSLSocketFactory tls;

  private DirectorySockets(SSLSocketFactory tls) {
    this.tls = tls;
  }

  /** What JNDI calls: the factory set for this thread. */
  public static SocketFactory getDefault() {
    SSLSocketFactory tls = CURRENT.get();
    if (tls == null) {
      throw new IllegalStateException("no directory connection is being opened in this thread");
    }
    return new DirectorySockets(tls);
  }

  /** Runs {@code open} with {@code tls} as the factory JNDI gets in this thread. */
  static <T, E extends Exception> T using(SSLSocketFactory tls, Opening<T, E> open) throws E {
    SSLSocketFactory before = CURRENT.get();
    CURRENT.set(tls);
    Thread thread = Thread.currentThread();
    ClassLoader loader = thread.getContextClassLoader();
    // JNDI loads the factory's class through the thread's context class loader: a web server's
    // thread may have none, or another.
    thread.setContextClassLoader(DirectorySockets.class.getClassLoader());
    try {
      return open.open();
    } finally {
      thread.setContextClassLoader(loader);
      if (before == null) {
        CURRENT.remove();
      } else {
        CURRENT.set(before);
      }
    }
  }

  /** Opens a connection. */
  @FunctionalInterface
  interface Opening<T, E extends Exception> {
    T open() throws E;
  }

  @Override
  public Socket createSocket() throws IOException {
    return tls.createSocket();
  }

  @Override
  public Socket createSocket(String host, int port) throws IOException {
    return tls.createSocket(host, port);
  }

  @Override
  public Socket createSocket(String host, int port, InetAddress local, int localPort)
      throws IOException {
    return tls.createSocket(host, port, local, localPort);
  }

  @Override
  public Socket createSocket(InetAddress host, int port) throws IOException {
    return tls.createSocket(host, port);
  }

  @Override
  public Socket createSocket(InetAddress host, int port, InetAddress local, int localPort)
      throws IOException {
    return tls.createSocket(host, port, local, localPort);
  }
}
