package io.examlops.fleet.transport;

import com.jcraft.jsch.Channel;
import com.jcraft.jsch.JSchException;
import com.jcraft.jsch.Proxy;
import com.jcraft.jsch.Session;
import com.jcraft.jsch.SocketFactory;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.util.Optional;

/**
 * The next hop's byte stream, carried by a jump host (what {@code ssh -J} does: a direct-tcpip
 * channel, the jump host's sshd opening the TCP connection). jsch speaks SSH through it as through
 * a socket, so every hop's handshake, host key check and authentication are end to end.
 */
final class JumpChannel implements Proxy {
  private final Session via;
  private Channel channel;
  private InputStream in;
  private OutputStream out;
  private String failure;

  JumpChannel(Session via) {
    this.via = via;
  }

  @Override
  public void connect(SocketFactory factory, String host, int port, int connectTimeout)
      throws JSchException {
    try {
      channel = via.getStreamForwarder(host, port);
      in = channel.getInputStream();
      out = channel.getOutputStream();
      channel.connect(connectTimeout);
    } catch (JSchException | java.io.IOException e) {
      failure =
          "the jump host "
              + via.getUserName()
              + "@"
              + via.getHost()
              + ":"
              + via.getPort()
              + " could not open a connection to "
              + host
              + ":"
              + port
              + " ("
              + e.getMessage()
              + "); check that the jump host reaches that address and port, and that its sshd"
              + " allows forwarding (AllowTcpForwarding, PermitOpen)";
      throw new JSchException(failure, e);
    }
  }

  /** Why the jump host could not carry the connection, if it could not. */
  Optional<String> failure() {
    return Optional.ofNullable(failure);
  }

  @Override
  public InputStream getInputStream() {
    return in;
  }

  @Override
  public OutputStream getOutputStream() {
    return out;
  }

  @Override
  public Socket getSocket() {
    // No socket of its own: the stream runs inside the jump host's connection.
    return null;
  }

  @Override
  public void close() {
    if (channel != null) {
      channel.disconnect();
    }
  }
}
