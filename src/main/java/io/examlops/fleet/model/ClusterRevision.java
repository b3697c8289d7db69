package io.examlops.fleet.model;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What an admin saw of a cluster when deciding on it, as one short text ({@code
 * pending-1a2b3c4d-5e6f7a8b-9c0d1e2f}): its state, then a digest of each part a decision rests on:
 * the request and the last decision (who asked, who decided, when, why), the connection
 * clusters.yaml defines (scheduler, transport, host, port, user, key, host key, jump hosts, the
 * adapter's settings: what an approval pins) and the fingerprints and probe last seen (a probe in
 * between changes what the admin would approve on). A decision made with an expected revision
 * applies only to a cluster still at that revision, checked in the transaction that records the
 * decision, so that a stale page or a second admin never overrides what was decided in between.
 */
public record ClusterRevision(
    ClusterState state, String decision, String connection, String fingerprints) {
  private static final Pattern FORM =
      Pattern.compile("(pending|active|rejected)-([0-9a-f]{8})-([0-9a-f]{8})-([0-9a-f]{8})");

  /** How a revision is written, for the messages that ask for one. */
  public static final String RULE =
      "the state and three 8-digit hex digests, e.g. pending-1a2b3c4d-5e6f7a8b-9c0d1e2f, as the"
          + " cluster's 'revision' shows it";

  /** The revision of a cluster as both sources hold it now. */
  public static ClusterRevision of(ClusterDefinition definition, ClusterGovernance governance) {
    ClusterState state = governance == null ? ClusterState.PENDING : governance.state();
    return new ClusterRevision(
        state,
        digest(
            governance == null
                ? List.of()
                : List.of(
                    String.valueOf(governance.requestedBy()),
                    String.valueOf(governance.requestedAt()),
                    String.valueOf(governance.decidedBy()),
                    String.valueOf(governance.decidedAt()),
                    String.valueOf(governance.reason()))),
        digest(definition == null ? List.of("(no entry)") : connection(definition)),
        digest(
            governance == null
                ? List.of()
                : List.of(
                    String.valueOf(governance.observed().sshKey()),
                    String.valueOf(governance.observed().hostKey()),
                    String.valueOf(governance.probedAt()))));
  }

  /**
   * The revision {@code text} names; refused (naming {@code field}) unless it is one.
   *
   * @return {@code null} for no text: no expectation
   */
  public static ClusterRevision parse(String text, String field) {
    if (text == null || text.isBlank()) {
      return null;
    }
    Matcher m = FORM.matcher(text.strip());
    if (!m.matches()) {
      throw FleetException.invalid(
          Printable.quoted(text.length() > 60 ? text.substring(0, 60) + "..." : text)
              + " is not a cluster revision: a revision is "
              + RULE,
          field);
    }
    return new ClusterRevision(
        ClusterState.valueOf(m.group(1).toUpperCase(Locale.ROOT)),
        m.group(2),
        m.group(3),
        m.group(4));
  }

  /** As written: {@code pending-1a2b3c4d-5e6f7a8b-9c0d1e2f}. */
  public String text() {
    return state.name().toLowerCase(Locale.ROOT)
        + "-"
        + decision
        + "-"
        + connection
        + "-"
        + fingerprints;
  }

  @Override
  public String toString() {
    return text();
  }

  /**
   * Refuses a decision on {@code now} when it is not at this revision (the one the deciding admin
   * saw), with what changed in words and what it is now.
   *
   * @throws FleetException {@link ErrorKind#CONFLICT}
   */
  public void requireAt(RegisteredCluster now, String decision) {
    ClusterRevision current = now.revision();
    if (current.equals(this)) {
      return;
    }
    List<String> changes = new ArrayList<>();
    ClusterGovernance g = now.governance();
    if (current.state != state || !current.decision.equals(this.decision)) {
      changes.add(
          "its state was "
              + state
              + " and is now "
              + current.state
              + (g != null && g.decidedBy() != null
                  ? " (decided by "
                      + g.decidedBy()
                      + " at "
                      + g.decidedAt()
                      + (g.reason() == null ? "" : ": " + Printable.quoted(g.reason()))
                      + ")"
                  : g != null && g.requestedBy() != null
                      ? " (asked for again by " + g.requestedBy() + " at " + g.requestedAt() + ")"
                      : ""));
    }
    if (!current.connection.equals(connection)) {
      changes.add(
          "its connection in clusters.yaml changed"
              + (now.definition() == null
                  ? " (its entry was removed)"
                  : " (now " + String.join(", ", connection(now.definition())) + ")"));
    }
    if (!current.fingerprints.equals(fingerprints)) {
      changes.add("the key or host key last seen for it changed");
    }
    throw new FleetException(
        ErrorKind.CONFLICT,
        "cluster '"
            + now.name()
            + "' changed since it was reviewed: "
            + String.join("; ", changes)
            + ". Nothing was "
            + decision
            + ": review it again (its revision is now "
            + current.text()
            + ") and decide on what it is now",
        Hint.of(Hint.Action.LIST_CLUSTERS),
        null);
  }

  private static List<String> connection(ClusterDefinition d) {
    List<String> parts = new ArrayList<>();
    parts.add("scheduler " + d.scheduler().label());
    parts.add("transport " + d.transport().label());
    if (d.host() != null) {
      parts.add("host " + d.host());
    }
    if (d.port() != null) {
      parts.add("port " + d.port());
    }
    if (d.user() != null) {
      parts.add("user " + d.user());
    }
    if (d.keyPath() != null) {
      parts.add("key " + d.keyPath());
    }
    if (d.hostKeyFingerprint() != null) {
      parts.add("host key " + d.hostKeyFingerprint());
    }
    for (JumpHost hop : d.jumps()) {
      parts.add("jump host " + hop.pinned() + " key " + hop.keyPath());
    }
    Map<String, String> settings = new TreeMap<>(d.settings());
    settings.forEach((name, value) -> parts.add(name + " " + value));
    return parts;
  }

  private static String digest(List<String> parts) {
    try {
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      for (String part : parts) {
        // Length-prefixed, so that no two lists of parts read alike.
        sha.update((part.length() + ":" + part + "\n").getBytes(StandardCharsets.UTF_8));
      }
      return HexFormat.of().formatHex(sha.digest(), 0, 4);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java has SHA-256", e);
    }
  }
}
