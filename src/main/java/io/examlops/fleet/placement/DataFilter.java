package io.examlops.fleet.placement;

import java.time.Duration;
import java.time.Instant;

/**
 * What a cluster's figures rest on: a snapshot younger than the ignore limit (fresh or stale), else
 * the declared capabilities; with neither there is nothing to place on.
 */
final class DataFilter {
  /**
   * The answer.
   *
   * @param reason the rule's answer
   * @param evidence how far the figures are trusted
   * @param holdings what the other filters read; {@code null} when there is nothing to read
   * @param data what the figures rest on, in words ({@code snapshot 3 days old (stale)})
   * @param age the snapshot's age; {@code null} without one
   */
  record Data(Reason reason, Evidence evidence, Holdings holdings, String data, Duration age) {}

  private DataFilter() {}

  static Data check(PlacementCandidate candidate, Freshness freshness, Instant now) {
    String asked =
        "a snapshot younger than "
            + Ages.describe(freshness.ignoreAfter())
            + ", or declared capabilities";
    SnapshotSummary snapshot = candidate.snapshot();
    Duration age = snapshot == null ? null : Duration.between(snapshot.takenAt(), now);
    Evidence evidence = age == null ? Evidence.DECLARED : freshness.classify(age);
    if (evidence != Evidence.DECLARED) {
      String data =
          "snapshot "
              + Ages.describe(age)
              + " old"
              + (evidence == Evidence.STALE_SNAPSHOT ? " (stale)" : "");
      return new Data(
          Reason.pass(Rule.DATA, null, asked, data, data),
          evidence,
          new SnapshotHoldings(snapshot, candidate.declared(), candidate.claims()),
          data,
          age);
    }
    String snapshotNote =
        age == null
            ? "no snapshot"
            : "snapshot "
                + Ages.describe(age)
                + " old, past the "
                + Ages.describe(freshness.ignoreAfter())
                + " limit";
    if (candidate.declared() == null) {
      String words = snapshotNote + " and no declared capabilities (save a snapshot of its nodes)";
      return new Data(
          Reason.fail(Rule.DATA, null, asked, snapshotNote + ", no declared capabilities", words),
          evidence,
          null,
          snapshotNote,
          age);
    }
    String data = snapshotNote + ": declared capabilities only";
    return new Data(
        Reason.pass(Rule.DATA, null, asked, data, data),
        evidence,
        new DeclaredHoldings(candidate.declared()),
        data,
        age);
  }
}
