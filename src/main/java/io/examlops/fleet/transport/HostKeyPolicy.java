package io.examlops.fleet.transport;

import io.examlops.fleet.model.ConnectionRules;
import io.examlops.fleet.model.FleetException;
import java.nio.file.Path;
import java.util.List;

/**
 * How a server's host key is verified. Whatever the mode, a host whose key differs from the one
 * known for it is refused (only {@link Mode#NONE} lets it through, loudly).
 *
 * @param mode the verification strategy
 * @param knownHosts the OpenSSH known_hosts file consulted (and, for ACCEPT_NEW, appended to)
 * @param pinnedFingerprint for PINNED: the only acceptable key, as {@code SHA256:...} in the form
 *     {@link ConnectionRules#fingerprint} checks and normalises
 * @param jumpPins the only acceptable key of each jump host on the way, in connection order (an
 *     approved route's); empty: each jump host is checked as {@link #forJumpHost(int)} says
 */
public record HostKeyPolicy(
    Mode mode, Path knownHosts, String pinnedFingerprint, List<String> jumpPins) {

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

  public HostKeyPolicy(Mode mode, Path knownHosts, String pinnedFingerprint) {
    this(mode, knownHosts, pinnedFingerprint, List.of());
  }

  public HostKeyPolicy {
    jumpPins =
        jumpPins == null ? List.of() : jumpPins.stream().map(ConnectionRules::fingerprint).toList();
    if (mode == null || knownHosts == null) {
      throw FleetException.invalid("a host key policy needs a mode and a known_hosts path");
    }
    if (mode == Mode.PINNED) {
      pinnedFingerprint = ConnectionRules.fingerprint(pinnedFingerprint);
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
   * The policy for the jump host at {@code index} (0: the first, reached directly): its own pin
   * when the route's hops are pinned; else the same policy, except that a pin names the target's
   * key, so the jump host's key is checked against known_hosts instead (STRICT).
   */
  public HostKeyPolicy forJumpHost(int index) {
    if (!jumpPins.isEmpty()) {
      return pinned(knownHosts, jumpPins.get(index));
    }
    return mode == Mode.PINNED ? strict(knownHosts) : this;
  }

  /** The same policy, consulting another known_hosts file. */
  public HostKeyPolicy withKnownHosts(Path file) {
    return new HostKeyPolicy(mode, file, pinnedFingerprint, jumpPins);
  }
}
