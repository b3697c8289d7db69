package io.examlops.fleet.transport;

import io.examlops.fleet.model.FleetException;
import java.nio.file.Path;
import java.util.regex.Pattern;

/**
 * How a server's host key is verified. Whatever the mode, a host whose key differs from the one
 * known for it is refused (only {@link Mode#NONE} lets it through, loudly).
 *
 * @param mode the verification strategy
 * @param knownHosts the OpenSSH known_hosts file consulted (and, for ACCEPT_NEW, appended to)
 * @param pinnedFingerprint for PINNED: the only acceptable key, as {@code SHA256:...}
 */
public record HostKeyPolicy(Mode mode, Path knownHosts, String pinnedFingerprint) {

  /** Verification strategies. */
  public enum Mode {
    /** The key must be listed for the host in known_hosts. The default. */
    STRICT,
    /** Trust on first use: an unknown host's key is accepted, reported, and recorded. */
    ACCEPT_NEW,
    /** The key must have exactly the pinned fingerprint (e.g. approved in the registry). */
    PINNED,
    /** No verification. Only by explicit choice; every connection warns. */
    NONE
  }

  private static final Pattern SHA256_FINGERPRINT = Pattern.compile("SHA256:[A-Za-z0-9+/]{43}");

  public HostKeyPolicy {
    if (mode == null || knownHosts == null) {
      throw FleetException.invalid("a host key policy needs a mode and a known_hosts path");
    }
    if (mode == Mode.PINNED) {
      if (pinnedFingerprint == null || !SHA256_FINGERPRINT.matcher(pinnedFingerprint).matches()) {
        throw FleetException.invalid(
            "a pinned host key must be a SHA256 fingerprint like"
                + " SHA256:uNiVztksCsDhcc0u9e8BujQXVUpKZIDTMczCvj3tD2s (as `ssh-keygen -lf` prints"
                + " it), got '"
                + pinnedFingerprint
                + "'");
      }
    } else if (pinnedFingerprint != null) {
      throw FleetException.invalid("only the PINNED policy takes a fingerprint");
    }
  }

  public static HostKeyPolicy strict(Path knownHosts) {
    return new HostKeyPolicy(Mode.STRICT, knownHosts, null);
  }

  public static HostKeyPolicy acceptNew(Path knownHosts) {
    return new HostKeyPolicy(Mode.ACCEPT_NEW, knownHosts, null);
  }

  public static HostKeyPolicy pinned(Path knownHosts, String sha256Fingerprint) {
    return new HostKeyPolicy(Mode.PINNED, knownHosts, sha256Fingerprint);
  }

  public static HostKeyPolicy none(Path knownHosts) {
    return new HostKeyPolicy(Mode.NONE, knownHosts, null);
  }

  /**
   * The policy for a jump host on the way: the same, except that a pin names the target's key, so a
   * jump host's key is checked against known_hosts instead (STRICT).
   */
  public HostKeyPolicy forJumpHost() {
    return mode == Mode.PINNED ? strict(knownHosts) : this;
  }

  /** The same policy, consulting another known_hosts file. */
  public HostKeyPolicy withKnownHosts(Path file) {
    return new HostKeyPolicy(mode, file, pinnedFingerprint);
  }
}
