package io.examlops.fleet.transport;

import io.examlops.fleet.settings.Secret;
import java.util.function.Consumer;

/**
 * What the client side lends a runner: the key's passphrase (from the settings, never from
 * arguments) and where security warnings go (stderr: stdout may be a protocol stream).
 */
public record ClientEnvironment(Secret passphrase, Consumer<String> warnings) {

  /** The passphrase the settings hold, with warnings on stderr. */
  public static ClientEnvironment of(Secret passphrase) {
    return new ClientEnvironment(passphrase, System.err::println);
  }
}
