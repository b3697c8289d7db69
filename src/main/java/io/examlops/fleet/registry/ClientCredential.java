package io.examlops.fleet.registry;

import java.nio.file.Path;
import java.util.Map;

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
  /** The path of the credential's private key file (never the key itself). */
  public static final String KEY_VARIABLE = "EXAMLOPS_HPC_CREDENTIAL_KEY";

  /** The credential's user name. */
  public static final String USER_VARIABLE = "EXAMLOPS_HPC_CREDENTIAL_USER";

  /** No credential of the caller's: clusters.yaml says how to log in. */
  public static final ClientCredential NONE = new ClientCredential(null, null);

  /** The credential the environment names; blank values count as unset. */
  public static ClientCredential from(Map<String, String> env) {
    String key = env.get(KEY_VARIABLE);
    String user = env.get(USER_VARIABLE);
    return new ClientCredential(
        key == null || key.isBlank() ? null : Path.of(key.strip()),
        user == null || user.isBlank() ? null : user.strip());
  }
}
