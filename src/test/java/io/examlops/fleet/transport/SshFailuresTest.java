package io.examlops.fleet.transport;

import static org.assertj.core.api.Assertions.assertThat;

import com.jcraft.jsch.JSchException;
import io.examlops.fleet.transport.TransportException.Step;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** jsch failures that the in-process server cannot produce, in the shapes jsch throws them. */
class SshFailuresTest {
  private static final SshTarget TARGET =
      new SshTarget("login.example.org", 2222, "hpcuser", Path.of("/keys/id_ed25519"));

  private static TransportException map(JSchException e) {
    return SshFailures.connectFailed(
        TARGET,
        TARGET.label(),
        TransportOptions.DEFAULTS,
        Optional.empty(),
        Optional.empty(),
        "key /keys/id_ed25519 (ssh-ed25519 SHA256:abc)",
        e);
  }

  @Test
  void unknownHostIsAResolveFailure() {
    // jsch's Util.createSocket wraps the socket exception, message = its toString().
    UnknownHostException cause = new UnknownHostException("login.example.org");
    TransportException e = map(new JSchException(cause.toString(), cause));
    assertThat(e.step()).isEqualTo(Step.RESOLVE);
    assertThat(e.getMessage())
        .startsWith("hpcuser@login.example.org:2222: resolve failed")
        .contains("DNS");
  }

  @Test
  void unreachableAndTcpTimeoutAreConnectFailures() {
    NoRouteToHostException noRoute = new NoRouteToHostException("No route to host");
    assertThat(map(new JSchException(noRoute.toString(), noRoute)).getMessage())
        .contains("unreachable", "firewalls");

    TransportException timeout =
        map(
            new JSchException(
                "timeout: socket is not established",
                new SocketTimeoutException("Connect timed out")));
    assertThat(timeout.step()).isEqualTo(Step.CONNECT);
    assertThat(timeout.getMessage()).contains("no TCP connection", "within 10 s");
  }

  @Test
  void serverWithoutPublicKeyAuthIsNamed() {
    TransportException e = map(new JSchException("Auth fail for methods 'password'"));
    assertThat(e.step()).isEqualTo(Step.AUTHENTICATION);
    assertThat(e.getMessage()).contains("offers: password", "PubkeyAuthentication");
  }

  @Test
  void closedDuringHandshakeAndUnknownFailuresStayConnectFailures() {
    assertThat(map(new JSchException("connection is closed by foreign host")).getMessage())
        .contains("closed the connection during the SSH handshake");
    TransportException other = map(new JSchException("invalid protocol: 99"));
    assertThat(other.step()).isEqualTo(Step.CONNECT);
    assertThat(other.getMessage()).contains("invalid protocol: 99", "sshd log");
  }

  @Test
  void onlyARefusedUnreachableOrHungUpConnectIsWorthTryingAgain() {
    ConnectException refused = new ConnectException("Connection refused");
    NoRouteToHostException noRoute = new NoRouteToHostException("No route to host");
    assertThat(SshFailures.worthRetrying(map(new JSchException(refused.toString(), refused))))
        .isTrue();
    assertThat(SshFailures.worthRetrying(map(new JSchException(noRoute.toString(), noRoute))))
        .isTrue();
    assertThat(
            SshFailures.worthRetrying(
                map(new JSchException("connection is closed by foreign host"))))
        .isTrue();

    UnknownHostException unknown = new UnknownHostException("login.example.org");
    assertThat(SshFailures.worthRetrying(map(new JSchException(unknown.toString(), unknown))))
        .as("a name that does not resolve")
        .isFalse();
    assertThat(
            SshFailures.worthRetrying(
                map(
                    new JSchException(
                        "timeout: socket is not established",
                        new SocketTimeoutException("Connect timed out")))))
        .as("a timeout, which waited the connect timeout already")
        .isFalse();
    assertThat(
            SshFailures.worthRetrying(map(new JSchException("Auth fail for methods 'publickey'"))))
        .isFalse();
    assertThat(SshFailures.worthRetrying(map(new JSchException("invalid server's version string"))))
        .isFalse();
  }
}
