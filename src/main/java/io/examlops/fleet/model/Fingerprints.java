package io.examlops.fleet.model;

/**
 * Fingerprints of the credentials in use for a cluster, as computed by the transport: the SSH key
 * the client authenticates with and the host key the server presents. Either is {@code null} when
 * not applicable or not known (a local transport has neither).
 *
 * @param sshKey SHA256 fingerprint of the client key
 * @param hostKey SHA256 fingerprint of the server's host key
 */
public record Fingerprints(String sshKey, String hostKey) {
  public static final Fingerprints NONE = new Fingerprints(null, null);

  public Fingerprints {
    sshKey = sshKey == null ? null : ConnectionRules.fingerprint(sshKey);
    hostKey = hostKey == null ? null : ConnectionRules.fingerprint(hostKey);
  }
}
