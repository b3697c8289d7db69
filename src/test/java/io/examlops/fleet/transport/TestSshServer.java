package io.examlops.fleet.transport;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PublicKey;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.sshd.common.config.keys.KeyUtils;
import org.apache.sshd.common.config.keys.PublicKeyEntry;
import org.apache.sshd.common.config.keys.PublicKeyEntryResolver;
import org.apache.sshd.common.keyprovider.KeyPairProvider;
import org.apache.sshd.common.session.Session;
import org.apache.sshd.common.session.SessionListener;
import org.apache.sshd.server.SshServer;
import org.apache.sshd.server.shell.ProcessShellCommandFactory;

/**
 * An in-process Apache MINA SSH server on 127.0.0.1 that runs exec requests with a real shell and
 * accepts only the public keys it was given. Counts the SSH sessions opened to it.
 */
final class TestSshServer implements AutoCloseable {
  static {
    // MINA logs every packet at DEBUG; the tests assert on what the client reports instead.
    ((ch.qos.logback.classic.Logger) org.slf4j.LoggerFactory.getLogger("org.apache.sshd"))
        .setLevel(ch.qos.logback.classic.Level.WARN);
  }

  private final SshServer server;
  private final KeyPair hostKey;
  private final List<PublicKey> authorized = new CopyOnWriteArrayList<>();
  private final AtomicInteger sessions = new AtomicInteger();

  TestSshServer() throws IOException {
    hostKey = newEcKeyPair();
    server = SshServer.setUpDefaultServer();
    server.setHost("127.0.0.1");
    server.setPort(0);
    server.setKeyPairProvider(KeyPairProvider.wrap(hostKey));
    server.setPublickeyAuthenticator(
        (user, key, session) -> authorized.stream().anyMatch(k -> KeyUtils.compareKeys(k, key)));
    server.setCommandFactory(new ProcessShellCommandFactory());
    server.addSessionListener(
        new SessionListener() {
          @Override
          public void sessionCreated(Session session) {
            sessions.incrementAndGet();
          }
        });
    server.start();
  }

  static KeyPair newEcKeyPair() {
    try {
      KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
      generator.initialize(256);
      return generator.generateKeyPair();
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Accepts the key in {@code privateKey}.pub. */
  void authorize(Path privateKey) throws IOException, GeneralSecurityException {
    String line = Files.readString(Path.of(privateKey + ".pub")).strip();
    authorized.add(
        PublicKeyEntry.parsePublicKeyEntry(line)
            .resolvePublicKey(null, Map.of(), PublicKeyEntryResolver.FAILING));
  }

  int port() {
    return server.getPort();
  }

  int sessionsOpened() {
    return sessions.get();
  }

  String hostKeyFingerprint() {
    return KeyUtils.getFingerPrint(hostKey.getPublic());
  }

  /** The known_hosts line for this server, as ssh-keyscan prints it. */
  String knownHostsLine() {
    return "[127.0.0.1]:" + port() + " " + PublicKeyEntry.toString(hostKey.getPublic());
  }

  /** A known_hosts line that lists another key of the same type for this server. */
  String knownHostsLineWithOtherKey() {
    return "[127.0.0.1]:" + port() + " " + PublicKeyEntry.toString(newEcKeyPair().getPublic());
  }

  @Override
  public void close() throws IOException {
    server.stop(true);
  }
}
