package io.examlops.fleet.settings;

import java.nio.file.Path;

/**
 * The caller's own SSH credential for registered clusters, as a CI system hands it over (Jenkins'
 * {@code sshUserPrivateKey} binding writes the key to a temporary file): used instead of the {@code
 * key:} (and {@code user:}) of clusters.yaml. It widens nothing: the approval's pins still decide,
 * so a credential whose key or user is not the approved one is refused.
 *
 * @param key the private key file, or {@code null} for clusters.yaml's
 * @param user the login name, or {@code null} for clusters.yaml's
 */
public record ClientCredential(Path key, String user) {
  /** No credential of the caller's: clusters.yaml says how to log in. */
  public static final ClientCredential NONE = new ClientCredential(null, null);
}
