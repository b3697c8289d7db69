package io.examlops.fleet.transport;

import com.jcraft.jsch.JSchAlgoNegoFailException;
import com.jcraft.jsch.JSchException;
import com.jcraft.jsch.JSchHostKeyException;
import com.jcraft.jsch.JSchSessionDisconnectException;
import io.examlops.fleet.model.Hint;
import io.examlops.fleet.transport.TransportException.Step;
import java.io.EOFException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.util.Locale;
import java.util.Optional;

/**
 * Turns a failed jsch connect into a {@link TransportException} that names the step, the target and
 * the fix. jsch reports most failures as a plain {@link JSchException} whose message or cause tells
 * what happened (see its Session.connect and Util.createSocket); none of them carries key material.
 */
final class SshFailures {
  private SshFailures() {}

  /**
   * @param hostKeyRefusal why the host key check refused the server, if it did
   * @param hostKeyHint what would let the host key check pass, if one thing would
   * @param label how the host is named in the error (a jump host also says which one it is)
   * @param clientKey what was offered: the key file with its type and fingerprint, or the agent's
   *     keys, for authentication failures
   */
  static TransportException connectFailed(
      SshTarget target,
      String label,
      TransportOptions options,
      Optional<String> hostKeyRefusal,
      Optional<Hint> hostKeyHint,
      String clientKey,
      JSchException e) {
    String where = target.hostAndPort();
    String message = String.valueOf(e.getMessage());
    if (hostKeyRefusal.isPresent() || e instanceof JSchHostKeyException) {
      return new TransportException(
          label,
          Step.HOST_KEY,
          hostKeyRefusal.orElse("the host key of " + where + " was refused: " + message),
          hostKeyHint.orElse(null),
          e);
    }
    if (has(e, UnknownHostException.class)) {
      return fail(
          label,
          Step.RESOLVE,
          "cannot resolve the host name '"
              + target.host()
              + "'; check the spelling and DNS (getent hosts "
              + target.host()
              + ")",
          e);
    }
    if (refused(e)) {
      return fail(
          label,
          Step.CONNECT,
          "connection refused by "
              + where
              + "; check the port,"
              + " that sshd is running and listening on it, and firewalls",
          e);
    }
    if (has(e, NoRouteToHostException.class) || message.contains("unreachable")) {
      return fail(
          label,
          Step.CONNECT,
          where
              + " is unreachable from this machine ("
              + message
              + "); check the address, network route, VPN and firewalls",
          e);
    }
    if (message.startsWith("timeout: socket is not established")) {
      return fail(
          label,
          Step.CONNECT,
          "no TCP connection to "
              + where
              + " within "
              + TransportOptions.seconds(options.connectTimeout())
              + "; check the host and port, and"
              + " firewalls that drop packets silently",
          e);
    }
    if (has(e, SocketTimeoutException.class)) {
      return fail(
          label,
          Step.CONNECT,
          where
              + " accepted the TCP connection but completed no"
              + " SSH handshake within "
              + TransportOptions.seconds(options.connectTimeout())
              + "; check that this port is an SSH server (not another service) and that the host"
              + " is not overloaded",
          e);
    }
    if (closedDuringHandshake(e)) {
      return fail(
          label,
          Step.CONNECT,
          where
              + " closed the connection during the SSH"
              + " handshake; check that it is an SSH server that accepts connections from this"
              + " machine (sshd MaxStartups, ListenAddress, TCP wrappers, fail2ban)",
          e);
    }
    if (message.startsWith("invalid server's version string")) {
      return fail(label, Step.CONNECT, where + " does not speak SSH-2; check the port", e);
    }
    if (e instanceof JSchAlgoNegoFailException) {
      JSchAlgoNegoFailException nego = (JSchAlgoNegoFailException) e;
      return fail(
          label,
          Step.CONNECT,
          "no "
              + nego.getAlgorithmName()
              + " algorithm in common"
              + " with "
              + where
              + " (server offers: "
              + nego.getServerProposal()
              + "); the server"
              + " needs a current OpenSSH configuration",
          e);
    }
    if (message.startsWith("Auth fail")
        || message.startsWith("Auth cancel")
        || message.startsWith("USERAUTH fail")) {
      return authenticationFailed(target, label, clientKey, message, e);
    }
    if (e instanceof JSchSessionDisconnectException) {
      String reason = ((JSchSessionDisconnectException) e).getDescription();
      Step step =
          reason.toLowerCase(Locale.ROOT).contains("auth") ? Step.AUTHENTICATION : Step.CONNECT;
      return fail(
          label,
          step,
          where
              + " ended the session: "
              + reason
              + "; see the server's"
              + " sshd log for the reason",
          e);
    }
    return fail(
        label,
        Step.CONNECT,
        "SSH connection to "
            + where
            + " failed ("
            + message
            + "); check the host, port and the server's sshd log",
        e);
  }

  /**
   * Whether a failed connect may succeed if tried again soon, for a network reason: the TCP
   * connection was refused (a restarting sshd), found no route, or was closed during the handshake
   * (an sshd past its {@code MaxStartups}). Nothing else is: a host key or a client key that was
   * refused is refused again, a name that does not resolve still does not, a server that does not
   * speak SSH or ended the session meant it, and a timeout has already waited the connect timeout.
   */
  static boolean worthRetrying(TransportException failure) {
    return failure.step() == Step.CONNECT
        && failure.getCause() instanceof JSchException e
        && (refused(e) || closedDuringHandshake(e));
  }

  private static boolean refused(JSchException e) {
    return has(e, ConnectException.class);
  }

  // SocketException also covers the unreachable network and the dropped connection.
  private static boolean closedDuringHandshake(JSchException e) {
    return String.valueOf(e.getMessage()).startsWith("connection is closed by foreign host")
        || has(e, EOFException.class)
        || has(e, SocketException.class);
  }

  private static TransportException authenticationFailed(
      SshTarget target, String label, String clientKey, String message, JSchException e) {
    int open = message.indexOf('\'');
    int close = message.lastIndexOf('\'');
    String offered = open >= 0 && close > open ? message.substring(open + 1, close) : "";
    if (!offered.isEmpty() && !offered.contains("publickey")) {
      return fail(
          label,
          Step.AUTHENTICATION,
          target.hostAndPort()
              + " does not accept"
              + " public-key authentication (it offers: "
              + offered
              + "); this tool uses keys only:"
              + " enable PubkeyAuthentication in the server's sshd_config",
          e);
    }
    return fail(
        label,
        Step.AUTHENTICATION,
        "the server refused "
            + clientKey
            + " for user '"
            + target.user()
            + "'; check the user name, that the public"
            + " key is in ~"
            + target.user()
            + "/.ssh/authorized_keys on the host (ssh-copy-id), and"
            + " that the server's sshd accepts this key type",
        e);
  }

  private static boolean has(Throwable e, Class<? extends Throwable> type) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (type.isInstance(t)) {
        return true;
      }
    }
    return false;
  }

  private static TransportException fail(String label, Step step, String message, Throwable cause) {
    return new TransportException(label, step, message, cause);
  }
}
