package io.examlops.fleet.transport;

import io.examlops.fleet.settings.Secret;
import java.nio.file.Path;
import java.util.function.Consumer;

/**
 * What the client side lends a runner: the key's passphrase (from the settings, never from
 * arguments), where security warnings go (stderr: stdout may be a protocol stream) and the
 * ssh-agent's socket, for targets that name no key file.
 *
 * @param agentSocket the agent's socket ({@code SSH_AUTH_SOCK}, read at the edge), or {@code null}
 */
public record ClientEnvironment(Secret passphrase, Consumer<String> warnings, Path agentSocket) {

  /** No agent. */
  public ClientEnvironment(Secret passphrase, Consumer<String> warnings) {
    this(passphrase, warnings, null);
  }

  /** The passphrase the settings hold, with warnings on stderr; no agent. */
  public static ClientEnvironment of(Secret passphrase) {
    return new ClientEnvironment(passphrase, System.err::println);
  }

  /** The passphrase and the agent's socket the settings hold, with warnings on stderr. */
  public static ClientEnvironment of(Secret passphrase, Path agentSocket) {
    return new ClientEnvironment(passphrase, System.err::println, agentSocket);
  }
}
