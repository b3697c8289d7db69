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
import org.apache.sshd.common.channel.Channel;
import org.apache.sshd.common.channel.ChannelListener;
import org.apache.sshd.common.config.keys.KeyUtils;
import org.apache.sshd.common.config.keys.PublicKeyEntry;
import org.apache.sshd.common.config.keys.PublicKeyEntryResolver;
import org.apache.sshd.common.keyprovider.KeyPairProvider;
import org.apache.sshd.common.session.Session;
import org.apache.sshd.common.session.SessionListener;
import org.apache.sshd.core.CoreModuleProperties;
import org.apache.sshd.server.SshServer;
import org.apache.sshd.server.shell.ProcessShellCommandFactory;

/**
 * An in-process Apache MINA SSH server on 127.0.0.1 that runs exec requests with a real shell and
 * accepts only the public keys it was given. Counts the SSH sessions opened to it and closed, and
 * the most channels open at once on one of them.
 */
public final class TestSshServer implements AutoCloseable {
  static {
    // MINA logs every packet at DEBUG; the tests assert on what the client reports instead.
    ((ch.qos.logback.classic.Logger) org.slf4j.LoggerFactory.getLogger("org.apache.sshd"))
        .setLevel(ch.qos.logback.classic.Level.WARN);
  }

  private final SshServer server;
  private final KeyPair hostKey;
  private final List<PublicKey> authorized = new CopyOnWriteArrayList<>();
  private final AtomicInteger sessions = new AtomicInteger();
  private final AtomicInteger closed = new AtomicInteger();
  private final AtomicInteger openChannels = new AtomicInteger();
  private final AtomicInteger mostChannels = new AtomicInteger();

  public TestSshServer() throws IOException {
    this(Integer.MAX_VALUE);
  }

  /** A server that refuses a channel past {@code maxChannels} open on one connection. */
  public TestSshServer(int maxChannels) throws IOException {
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

          @Override
          public void sessionClosed(Session session) {
            closed.incrementAndGet();
          }
        });
    server.addChannelListener(
        new ChannelListener() {
          @Override
          public void channelOpenSuccess(Channel channel) {
            mostChannels.accumulateAndGet(openChannels.incrementAndGet(), Math::max);
          }

          @Override
          public void channelClosed(Channel channel, Throwable reason) {
            openChannels.decrementAndGet();
          }
        });
    CoreModuleProperties.MAX_CONCURRENT_CHANNELS.set(server, maxChannels);
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
  public void authorize(Path privateKey) throws IOException, GeneralSecurityException {
    String line = Files.readString(Path.of(privateKey + ".pub")).strip();
    authorized.add(
        PublicKeyEntry.parsePublicKeyEntry(line)
            .resolvePublicKey(null, Map.of(), PublicKeyEntryResolver.FAILING));
  }

  public int port() {
    return server.getPort();
  }

  public int sessionsOpened() {
    return sessions.get();
  }

  public int sessionsClosed() {
    return closed.get();
  }

  /** The most channels that were open at once, all connections together. */
  int mostChannelsAtOnce() {
    return mostChannels.get();
  }

  /** Ends every connection from the server's side, as a restarted sshd or a dead network does. */
  void dropConnections() {
    server.getActiveSessions().forEach(session -> session.close(true));
  }

  public String hostKeyFingerprint() {
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
