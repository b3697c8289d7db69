package io.examlops.fleet.transport;

import io.examlops.fleet.settings.Secret;
import java.nio.file.Path;
import java.util.Map;
import java.util.function.Consumer;

/**
 * What the client side lends a runner: the key's passphrase (from the settings, never from
 * arguments), where security warnings go (stderr: stdout may be a protocol stream), the ssh-agent's
 * socket, for targets that name no key file, which of the agent's keys the target may be offered,
 * and the certificates the SSH configuration pairs with key files ({@code CertificateFile}).
 *
 * @param agentSocket the agent's socket ({@code SSH_AUTH_SOCK}, read at the edge), or {@code null}
 * @param agentKey the SHA256 fingerprint of the only agent key the target (not its jump hosts) is
 *     offered, as an approval pinned it; {@code null}: every key the agent holds
 * @param certificates key file to the certificate offered with it, from {@code CertificateFile}; a
 *     key file not listed is offered with {@code KEY-cert.pub} when that lies beside it
 */
public record ClientEnvironment(
    Secret passphrase,
    Consumer<String> warnings,
    Path agentSocket,
    String agentKey,
    Map<Path, Path> certificates) {

  public ClientEnvironment {
    certificates = certificates == null ? Map.of() : Map.copyOf(certificates);
  }

  /** No agent. */
  public ClientEnvironment(Secret passphrase, Consumer<String> warnings) {
    this(passphrase, warnings, null);
  }

  /** Every key of the agent at {@code agentSocket}, no configured certificate. */
  public ClientEnvironment(Secret passphrase, Consumer<String> warnings, Path agentSocket) {
    this(passphrase, warnings, agentSocket, null, Map.of());
  }

  /** The passphrase the settings hold, with warnings on stderr; no agent. */
  public static ClientEnvironment of(Secret passphrase) {
    return new ClientEnvironment(passphrase, System.err::println);
  }

  /** The passphrase and the agent's socket the settings hold, with warnings on stderr. */
  public static ClientEnvironment of(Secret passphrase, Path agentSocket) {
    return new ClientEnvironment(passphrase, System.err::println, agentSocket);
  }

  /** The same, offering the target only the agent key with fingerprint {@code fingerprint}. */
  public ClientEnvironment withAgentKey(String fingerprint) {
    return new ClientEnvironment(passphrase, warnings, agentSocket, fingerprint, certificates);
  }

  /** The same, with {@code certificates} (key file to certificate file) offered with their keys. */
  public ClientEnvironment withCertificates(Map<Path, Path> certificates) {
    return new ClientEnvironment(passphrase, warnings, agentSocket, agentKey, certificates);
  }

  /** The same for a jump host: any agent key (the pin names the target's key only). */
  ClientEnvironment forJumpHost() {
    return agentKey == null ? this : withAgentKey(null);
  }
}
