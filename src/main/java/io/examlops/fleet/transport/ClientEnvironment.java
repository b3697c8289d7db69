package io.examlops.fleet.transport;

import java.util.function.Consumer;
import java.util.function.Function;

/**
 * What the client side lends a runner: environment variables (the key passphrase is read from
 * {@link PrivateKeyFile#PASSPHRASE_VARIABLE}, never from arguments) and where security warnings go
 * (stderr: stdout may be a protocol stream).
 */
public record ClientEnvironment(Function<String, String> variables, Consumer<String> warnings) {

  /**
   * The environment a surface read at its edge and passed in, with warnings on stderr. Nothing here
   * reads the process environment itself.
   */
  public static ClientEnvironment of(java.util.Map<String, String> environment) {
    return new ClientEnvironment(environment::get, System.err::println);
  }
}
